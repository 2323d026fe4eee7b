import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Factory = (externalSchemas: unknown, options: never) => (route: { schema: unknown }) => unknown;

/**
 * Shares `factory`'s work across every Fastify app of the process: one compiler per set of shared
 * schemas and options, and one compiled function per route schema, found by its content. Building the
 * app compiles a validator and a serializer for every route (≈ 0.4–0.7 s of CPU on the 2-core machine);
 * a second app in the process (the test suites build one per file, the bench several) reuses them.
 * Both kinds of function depend on nothing but their schema, the shared schemas and the options.
 */
function sharedByContent<F extends Factory>(factory: F): F {
  const compilers = new Map<string, { compile: ReturnType<F>; compiled: Map<string, unknown> }>();
  return ((externalSchemas: unknown, options: never) => {
    const key = `${sharedSchemasKey(externalSchemas)} ${JSON.stringify(options)}`;
    let entry = compilers.get(key);
    if (!entry) {
      entry = { compile: factory(externalSchemas, options) as ReturnType<F>, compiled: new Map() };
      compilers.set(key, entry);
    }
    const { compile, compiled } = entry;
    return (route: { schema: unknown }) => {
      const schemaKey = JSON.stringify(route.schema);
      if (!compiled.has(schemaKey)) compiled.set(schemaKey, compile(route));
      return compiled.get(schemaKey);
    };
  }) as F;
}

/** The serialised key of the last set of shared schema objects seen, by its first schema object. */
const keysOfSets = new WeakMap<object, { schemas: unknown[]; key: string }>();

/**
 * The content key of a set of shared schemas. Fastify asks for a compiler once per plugin context (sixty per app),
 * each time with a new object holding the same schema objects: the key serialised for the first is reused while the
 * schema objects are the very same ones (≈ 90 ms of CPU per app spared); another app's copies are serialised once.
 */
function sharedSchemasKey(externalSchemas: unknown): string {
  const schemas = externalSchemas !== null && typeof externalSchemas === 'object' ? Object.values(externalSchemas) : [];
  const first = schemas[0];
  if (first === null || typeof first !== 'object') return JSON.stringify(externalSchemas ?? null);
  const known = keysOfSets.get(first);
  if (known && known.schemas.length === schemas.length && known.schemas.every((schema, i) => schema === schemas[i])) return known.key;
  const key = JSON.stringify(externalSchemas);
  keysOfSets.set(first, { schemas, key });
  return key;
}

/** Fastify's own validator (ajv) and serializer (fast-json-stringify) compilers, shared across apps of the process. */
export const sharedSchemaCompilers: NonNullable<FastifyServerOptions['schemaController']> = {
  compilersFactory: {
    buildValidator: sharedByContent(AjvCompiler() as unknown as Factory) as never,
    buildSerializer: sharedByContent(SerializerSelector() as unknown as Factory) as never,
  },
};
