import { getDefaultFormState, type RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { needsFormParts } from '../../../../renderers/formParts';
import { EDITOR_DEFAULTS, editorSchema, serverJudges } from '../../../../src/client/admin/events/editorForm';
import { starterEvent } from '../../../../src/server/cli/event-new';
import { eventFileSchemaBundle } from '../../../../src/server/services/event-schema-bundle';

/** Every keyword rjsf would need a validator or the left-out MultiSchemaField for. */
function choiceKeywords(node: unknown, at = ''): string[] {
  if (Array.isArray(node)) return node.flatMap((item, index) => choiceKeywords(item, `${at}/${index}`));
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => [...(['oneOf', 'anyOf', 'if', 'dependencies'].includes(key) ? [`${at}/${key}`] : []), ...choiceKeywords(value, `${at}/${key}`)]);
}

describe('the event editor form schema', () => {
  const bundle = eventFileSchemaBundle() as RJSFSchema;
  const { schema, leftOut } = editorSchema(bundle);

  it('leaves out the choice properties the form engine cannot draw, and says which', () => {
    expect(choiceKeywords(bundle).length).toBeGreaterThan(0);
    expect(choiceKeywords(schema)).toEqual([]);
    expect(leftOut).toEqual(['/refund_policy']);
    expect(Object.keys(schema.properties ?? {})).not.toContain('refund_policy');
  });

  it('keeps every other property, ticket types and their attendee fields as arrays (sortable lists)', () => {
    const kept = Object.keys(bundle.properties ?? {}).filter((name) => name !== 'refund_policy');
    expect(Object.keys(schema.properties ?? {})).toEqual(kept);
    const tickets = (schema.properties as Record<string, RJSFSchema>).tickets;
    expect(tickets.type).toBe('array');
    expect(((tickets.items as RJSFSchema).properties as Record<string, RJSFSchema>).form.type).toBe('array');
    expect(needsFormParts(schema, undefined)).toBe(true);
  });

  it('drops a left-out property from its object’s required list', () => {
    const required: RJSFSchema = { type: 'object', required: ['a', 'choice'], properties: { a: { type: 'string' }, choice: { oneOf: [{ type: 'string' }, { type: 'number' }] } } };
    expect(editorSchema(required).schema).toEqual({ type: 'object', required: ['a'], properties: { a: { type: 'string' } } });
  });

  it('leaves the file as it is: no half-filled optional objects or array entries added by the form', () => {
    const { $schema: _path, ...file } = starterEvent('prueba', 'prueba.json');
    const filled = (behaviour?: typeof EDITOR_DEFAULTS) => getDefaultFormState(serverJudges, schema, structuredClone(file), schema, false, behaviour);
    expect(filled()).not.toEqual(file);
    expect(filled(EDITOR_DEFAULTS)).toEqual(file);
  });
});
