/** The parts of a JSON Schema node the shape check reads. */
interface ShapeNode {
  $ref?: string;
  properties?: Record<string, unknown>;
  additionalProperties?: unknown;
  items?: unknown;
  type?: unknown;
  maxItems?: number;
  errorMessage?: unknown;
}

/**
 * Where data is larger than its schema allows, as the one ajv error a validator would report
 * first there (`additionalProperties` at the object, naming its first unknown key, or `maxItems`
 * at the list), its JSON pointer, and the message the schema's `errorMessage` gives it.
 */
export interface ShapeProblem {
  keyword: 'additionalProperties' | 'maxItems';
  instancePath: string;
  params: { additionalProperty: string } | { limit: number };
  pointer: string;
  message: string | undefined;
}

/** Finds the schema a `$ref` names (the registered schemas of an ajv instance); unknown → undefined. */
export type SchemaResolver = (ref: string) => unknown;

const escapePointerToken = (token: string): string => token.replace(/~/g, '~0').replace(/\//g, '~1');

/** The node's ajv-errors message for `keyword`, if it names one. */
function messageFor(node: ShapeNode, keyword: ShapeProblem['keyword']): string | undefined {
  const messages = node.errorMessage;
  if (typeof messages === 'string') return messages;
  const message = messages && typeof messages === 'object' ? (messages as Record<string, unknown>)[keyword] : undefined;
  return typeof message === 'string' ? message : undefined;
}

/** The node itself, or the schema its lone `$ref` names. */
function followRef(schema: unknown, resolve: SchemaResolver | undefined): ShapeNode | null {
  if (!schema || typeof schema !== 'object') return null;
  const node = schema as ShapeNode;
  if (typeof node.$ref === 'string' && !node.properties && resolve) return followRef(resolve(node.$ref), undefined);
  return node;
}

/**
 * The first place where `data` is certainly larger than `schema` allows: an object with more keys
 * than its closed schema (`additionalProperties: false`) declares (pointing at its first unknown
 * key), or a list of objects longer than its `maxItems`. Such data is invalid whatever else it
 * holds, so a validator reports this one problem instead of one error per extra key or item:
 * its time is bounded by the schema, not by the data. Follows `properties`, `items` and (with
 * `resolve`) a `$ref` to another registered schema; null when nothing is oversized.
 */
export function oversizedShape(schema: unknown, data: unknown, resolve?: SchemaResolver, instancePath = ''): ShapeProblem | null {
  const node = followRef(schema, resolve);
  if (!node || data === null || typeof data !== 'object') return null;
  if (Array.isArray(data)) {
    const items = followRef(node.items, resolve);
    if (!items || Array.isArray(node.items)) return null;
    // A list of records (attendee blocks, ticket lines), not an answer's list of choices, whose length is a field's own error.
    if (items.type === 'object' && typeof node.maxItems === 'number' && data.length > node.maxItems) {
      return { keyword: 'maxItems', instancePath, params: { limit: node.maxItems }, pointer: instancePath, message: messageFor(node, 'maxItems') };
    }
    for (let index = 0; index < data.length; index++) {
      const found = oversizedShape(items, data[index], resolve, `${instancePath}/${index}`);
      if (found) return found;
    }
    return null;
  }
  const properties = node.properties ?? {};
  const keys = Object.keys(data);
  if (node.additionalProperties === false && keys.length > Object.keys(properties).length) {
    // More keys than declared: at least one is unknown, and the first is where ajv would point.
    const unknown = keys.find((key) => !Object.hasOwn(properties, key))!;
    const pointer = `${instancePath}/${escapePointerToken(unknown)}`;
    return { keyword: 'additionalProperties', instancePath, params: { additionalProperty: unknown }, pointer, message: messageFor(node, 'additionalProperties') };
  }
  for (const [key, propertySchema] of Object.entries(properties)) {
    if (!Object.hasOwn(data, key)) continue;
    const found = oversizedShape(propertySchema, (data as Record<string, unknown>)[key], resolve, `${instancePath}/${escapePointerToken(key)}`);
    if (found) return found;
  }
  return null;
}
