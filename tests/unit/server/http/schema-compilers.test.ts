import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sharedSchemaCompilers } from '../../../../src/server/http/schema-compilers';

type Compile = (route: { schema: unknown; method?: string; url?: string }) => (value: unknown) => unknown;
const factories = sharedSchemaCompilers.compilersFactory as unknown as {
  buildValidator: (externals: unknown, options: unknown) => Compile;
  buildSerializer: (externals: unknown, options: unknown) => Compile;
};
const externals = { thing: { $id: 'thing', type: 'object', properties: { n: { type: 'integer' } }, required: ['n'], additionalProperties: false } };
const options = { customOptions: { allErrors: true, removeAdditional: false } };
const route = () => ({ schema: { $ref: 'thing#' }, method: 'POST', url: '/x' });

describe('route schemas compiled once per process, by content', () => {
  it('a second app gets the same validator and serializer for an equal schema, another schema its own', () => {
    const validate = factories.buildValidator(externals, options)(route());
    expect(factories.buildValidator({ ...externals }, { customOptions: { allErrors: true, removeAdditional: false } })(route())).toBe(validate);
    expect(factories.buildValidator(externals, options)({ schema: { type: 'string' } })).not.toBe(validate);
    expect(factories.buildValidator(externals, { customOptions: { allErrors: false } })(route())).not.toBe(validate);
    expect([validate({ n: 1 }), validate({ n: 'one' }), validate({ n: 1, extra: true })]).toEqual([true, false, false]);

    const serialize = factories.buildSerializer(externals, {})(route());
    expect(factories.buildSerializer(externals, {})(route())).toBe(serialize);
    expect(serialize({ n: 1, secret: 'not in the answer' })).toBe('{"n":1}');
  });

  it('two Fastify apps built with them validate and serialize as Fastify does', async () => {
    const build = async () => {
      const app = Fastify({ schemaController: sharedSchemaCompilers });
      app.addSchema(externals.thing);
      app.post('/x', { schema: { body: { $ref: 'thing#' }, response: { 200: { $ref: 'thing#' } } } }, async (request) => ({ ...(request.body as object), hidden: 1 }));
      await app.ready();
      return app;
    };
    for (const app of [await build(), await build()]) {
      expect((await app.inject({ method: 'POST', url: '/x', payload: { n: 2 } })).body).toBe('{"n":2}');
      expect((await app.inject({ method: 'POST', url: '/x', payload: { n: 'two' } })).statusCode).toBe(400);
      await app.close();
    }
  });
});
