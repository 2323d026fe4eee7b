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
    const key = JSON.stringify([externalSchemas, options]);
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

/** Fastify's own validator (ajv) and serializer (fast-json-stringify) compilers, shared across apps of the process. */
export const sharedSchemaCompilers: NonNullable<FastifyServerOptions['schemaController']> = {
  compilersFactory: {
    buildValidator: sharedByContent(AjvCompiler() as unknown as Factory) as never,
    buildSerializer: sharedByContent(SerializerSelector() as unknown as Factory) as never,
  },
};
