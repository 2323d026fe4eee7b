import type { ErrorObject } from 'ajv';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { oversizedShape, type ShapeProblem } from '../../shared/validation/closed-shape';
import { apiSchemaByRef } from './api-schemas';
import { errors } from './app-error';

/**
 * The shape every parsed JSON body keeps, whatever its route: how deep objects and lists nest,
 * how many keys one object has, how many items one list has. Far above any body the storefront,
 * the providers' webhooks or the admin API send (an attendee block has one key per form field, an
 * order form one per ticket type); a body beyond them is refused before any schema judges it.
 */
export const BODY_BOUNDS = { depth: 32, keys: 1000, items: 10_000 } as const;

export type BodyBounds = { readonly [K in keyof typeof BODY_BOUNDS]: number };

/** Whether `node` has at most `limit` own keys, counted only up to the first one beyond. */
function keyCountAtMost(node: object, limit: number): boolean {
  let count = 0;
  for (const key in node) {
    if (Object.hasOwn(node, key) && ++count > limit) return false;
  }
  return true;
}

/**
 * The first bound `value` passes (`depth`, `keys` or `items`), or null when it keeps them all.
 * One walk without recursion that stops at the first problem: time linear in the body's size.
 */
export function bodyBoundExceeded(value: unknown, bounds: BodyBounds = BODY_BOUNDS): keyof BodyBounds | null {
  const stack: { node: object; depth: number }[] = [];
  if (value !== null && typeof value === 'object') stack.push({ node: value, depth: 1 });
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (depth > bounds.depth) return 'depth';
    if (Array.isArray(node)) {
      if (node.length > bounds.items) return 'items';
    } else if (!keyCountAtMost(node, bounds.keys)) return 'keys';
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push({ node: child, depth: depth + 1 });
    }
  }
  return null;
}

/** The request-validation error of a body larger than its route's schema allows, as Fastify's own would carry it. */
function oversizedBodyError(problem: ShapeProblem): Error {
  const error: Partial<ErrorObject> = { keyword: problem.keyword, instancePath: problem.instancePath, schemaPath: '#', params: problem.params };
  return Object.assign(new Error(`body ${problem.pointer}: ${problem.keyword}`), { statusCode: 400, validation: [error], validationContext: 'body' });
}

/**
 * Before schema validation: refuses a request body beyond {@link BODY_BOUNDS} (400
 * `BODY_TOO_COMPLEX`), then one with more keys than a closed object of its route's schema
 * declares or more records than a list's `maxItems` (400 `VALIDATION_ERROR` naming the first
 * unknown key or the list, as the schema's own check would). The all-errors check after it then
 * reports per-field errors of a sane body only, in time bounded by the schema, and a recursive
 * schema never meets a thousand-deep object.
 */
export const bodyBoundsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined) return;
    if (bodyBoundExceeded(request.body)) throw errors.bodyTooComplex(BODY_BOUNDS);
    const schema = request.routeOptions.schema?.body;
    const oversized = schema ? oversizedShape(schema, request.body, apiSchemaByRef) : null;
    if (oversized) throw oversizedBodyError(oversized);
  });
});
