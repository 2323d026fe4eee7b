import { describe, expect, it } from 'vitest';
import { createAjv } from '../../../../src/shared/validation/create-ajv';

describe('createAjv', () => {
  it('reports all errors, with ajv-errors messages', () => {
    const validate = createAjv().compile({
      type: 'object',
      properties: {
        a: { type: 'string', minLength: 2, errorMessage: { minLength: 'errors:a.short' } },
        b: { type: 'number', errorMessage: { type: 'errors:b.number' } },
      },
    });
    expect(validate({ a: 'x', b: 'y' })).toBe(false);
    expect(validate.errors?.map((e) => [e.instancePath, e.message])).toEqual([
      ['/a', 'errors:a.short'],
      ['/b', 'errors:b.number'],
    ]);
  });

  it('knows the ajv-formats formats', () => {
    const validate = createAjv().compile({ type: 'string', format: 'date-time' });
    expect(validate('2026-01-01T00:00:00Z')).toBe(true);
    expect(validate('2026-01-01')).toBe(false);
  });

  it('is strict: unknown keywords and typos throw', () => {
    expect(() => createAjv().compile({ type: 'string', minLenght: 1 })).toThrow(/unknown keyword/);
    expect(() => createAjv().compile({ type: 'object', required: ['a'] })).toThrow(/strict mode/);
  });

  it('tolerates x- annotations anywhere, without effect', () => {
    const ajv = createAjv();
    const validate = ajv.compile({
      'x-doc': 'root',
      type: 'object',
      properties: { a: { type: 'string', 'x-widget': { name: 'telefono' } } },
    });
    expect(validate({ a: 'x' })).toBe(true);
    ajv.addSchema({ $id: 'https://example.mx/s.json', type: 'string', 'x-owner': 'ops' });
    expect(ajv.validate('https://example.mx/s.json', 'y')).toBe(true);
  });

  it('accepts extra named annotations and passes Ajv options through', () => {
    const ajv = createAjv({ annotations: ['uiHint'], allErrors: true });
    expect(() => ajv.compile({ type: 'string', uiHint: 'big' })).not.toThrow();
    expect(ajv.opts.allErrors).toBe(true);
    expect(ajv.opts.strict).toBe(true);
  });

  it('allows union types', () => {
    const validate = createAjv().compile({ type: ['string', 'null'] });
    expect(validate(null)).toBe(true);
    expect(validate(1)).toBe(false);
  });
});
