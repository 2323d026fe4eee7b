import { getDefaultFormState, type RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { needsFormParts } from '../../../../renderers/formParts';
import { enableStaticRendering } from 'mobx-react-lite';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { loadFormParts } from '../../../../renderers/formParts';
import { SchemaForm } from '../../../../renderers/SchemaForm/SchemaForm';
import { SchemaFormState } from '../../../../renderers/state/SchemaFormState';
import { EDITOR_DEFAULTS, EDITOR_UI_SCHEMA, editorSchema, fileOf, formDataOf, serverJudges } from '../../../../src/client/admin/events/editorForm';
import type { EventFile } from '../../../../src/client/admin/events/eventsApi';
import { createI18n, switchLanguage } from '../../../../src/client/i18n/createI18n';
import { starterEvent } from '../../../../src/server/cli/event-new';
import { eventFileSchemaBundle } from '../../../../src/server/services/event-schema-bundle';

/** Every keyword rjsf would need a validator or the left-out MultiSchemaField for. */
function choiceKeywords(node: unknown, at = ''): string[] {
  if (Array.isArray(node)) return node.flatMap((item, index) => choiceKeywords(item, `${at}/${index}`));
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => [...(['oneOf', 'anyOf', 'if', 'dependencies'].includes(key) ? [`${at}/${key}`] : []), ...choiceKeywords(value, `${at}/${key}`)]);
}

enableStaticRendering(true);

describe('the event editor form schema', () => {
  const bundle = eventFileSchemaBundle() as RJSFSchema;
  const { schema, leftOut, choices } = editorSchema(bundle);

  it('draws refund_policy ("none" or an object) as its object and leaves no choice for the form engine', () => {
    expect(choiceKeywords(bundle).length).toBeGreaterThan(0);
    expect(choiceKeywords(schema)).toEqual([]);
    expect(leftOut).toEqual([]);
    expect(choices).toEqual([{ name: 'refund_policy', word: 'none' }]);
    const policy = (schema.properties as Record<string, RJSFSchema>).refund_policy;
    expect(policy).toMatchObject({ type: 'object', required: ['until', 'fee_percent'], description: expect.stringContaining('none') });
    expect(Object.keys(policy.properties ?? {})).toEqual(['until', 'fee_percent']);
  });

  it('leaves out any other choice, and says which', () => {
    const other: RJSFSchema = { type: 'object', properties: { a: { type: 'string' }, choice: { oneOf: [{ type: 'string' }, { type: 'number' }] } } };
    expect(editorSchema(other)).toEqual({ schema: { type: 'object', properties: { a: { type: 'string' } } }, leftOut: ['/choice'], choices: [] });
  });

  it('keeps refund_policy as the file has it unless the form changed it', () => {
    const { $schema: _path, ...starter } = starterEvent('prueba', 'prueba.json');
    const policy = { until: '2030-01-01T00:00:00-06:00', fee_percent: 10 };
    for (const file of [starter, { ...starter, refund_policy: 'none' }, { ...starter, refund_policy: policy }] as EventFile[]) {
      expect(fileOf(formDataOf(file, choices), file, choices)).toEqual(file);
    }
    const withNone = { ...starter, refund_policy: 'none' } as EventFile;
    expect(formDataOf(withNone, choices)).not.toHaveProperty('refund_policy');
    // Filled in the form: the object; cleared again: "none" where the file said so, nothing where it had nothing.
    expect(fileOf({ ...formDataOf(withNone, choices), refund_policy: policy } as EventFile, withNone, choices).refund_policy).toEqual(policy);
    const cleared = { ...starter, refund_policy: { until: undefined, fee_percent: undefined } } as unknown as EventFile;
    expect(fileOf(cleared, withNone, choices).refund_policy).toBe('none');
    expect(fileOf(cleared, starter as EventFile, choices)).not.toHaveProperty('refund_policy');
  });

  it('renders refund_policy\'s fields with the file\'s values', async () => {
    // The array parts the editor's form needs, and the forms' words, as the page has them before it draws.
    const i18n = createI18n('es');
    await Promise.all([loadFormParts(), switchLanguage(i18n, 'es')]);
    const { $schema: _path, ...starter } = starterEvent('prueba', 'prueba.json');
    const file = { ...starter, refund_policy: { until: '2030-01-01T00:00:00-06:00', fee_percent: 15 } } as EventFile;
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>
        <SchemaForm<EventFile> schema={schema} uiSchema={EDITOR_UI_SCHEMA} validator={serverJudges} defaultFormStateBehavior={EDITOR_DEFAULTS} state={new SchemaFormState<EventFile>(() => [], formDataOf(file, choices), 'event')} tagName="div" />
      </I18nextProvider>,
    );
    const inputs = Object.fromEntries([...html.matchAll(/<input\b[^>]*>/g)].flatMap(([tag]) => {
      const id = /\bid="event\.refund_policy\.([^"]+)"/.exec(tag)?.[1];
      return id ? [[id, /\bvalue="([^"]*)"/.exec(tag)?.[1]]] : [];
    }));
    expect(inputs).toEqual({ until: '2030-01-01T00:00:00-06:00', fee_percent: '15' });
  }, 30_000);

  it('keeps every other property, ticket types and their attendee fields as arrays (sortable lists)', () => {
    const kept = Object.keys(bundle.properties ?? {});
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
