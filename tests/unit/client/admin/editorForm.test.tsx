import { getDefaultFormState, type RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { needsFormParts } from '../../../../renderers/formParts';
import { enableStaticRendering } from 'mobx-react-lite';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { loadFormParts } from '../../../../renderers/formParts';
import { SchemaForm } from '../../../../renderers/SchemaForm/SchemaForm';
import { SchemaFormState } from '../../../../renderers/state/SchemaFormState';
import { addAdminNamespace } from '../../../../src/client/admin/adminNamespace';
import { EDITOR_DEFAULTS, EDITOR_UI_SCHEMA, EDITOR_WIDGETS, editorSchema, fileOf, formDataOf, serverJudges } from '../../../../src/client/admin/events/editorForm';
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

  /** Where the schema has a `format: date-time` string, as JSON pointers (`-` for an array's items). */
  function dateTimePointers(node: RJSFSchema, at = ''): string[] {
    if (node.type === 'string' && node.format === 'date-time') return [at];
    if (node.type === 'array' && node.items && typeof node.items === 'object' && !Array.isArray(node.items)) return dateTimePointers(node.items as RJSFSchema, `${at}/-`);
    return Object.entries((node.properties ?? {}) as Record<string, RJSFSchema>).flatMap(([name, property]) => dateTimePointers(property, `${at}/${name}`));
  }

  /** `file` with `value` at each pointer (an array's items as its first entry). */
  function filledAt(file: Record<string, unknown>, pointers: string[], value: string): Record<string, unknown> {
    const filled = structuredClone(file);
    for (const pointer of pointers) {
      const steps = pointer.split('/').slice(1).map((step) => (step === '-' ? 0 : step));
      let node: Record<string | number, unknown> = filled;
      steps.forEach((step, index) => {
        if (index === steps.length - 1) node[step] = value;
        else node = (node[step] ??= typeof steps[index + 1] === 'number' ? [] : {}) as Record<string | number, unknown>;
      });
    }
    return filled;
  }

  it('draws every date-time field with the offset widget, showing the file\'s time and offset and changing nothing untouched', async () => {
    // The array parts the editor's form needs, and the forms' words, as the page has them before it draws.
    const i18n = createI18n('es');
    addAdminNamespace(i18n);
    await Promise.all([loadFormParts(), switchLanguage(i18n, 'es')]);
    const pointers = dateTimePointers(schema);
    expect(pointers).toEqual(expect.arrayContaining(['/event/starts_at', '/event/ends_at', '/discount_codes/-/valid_from', '/transfers/until', '/refund_policy/until', '/checkin_lists/-/closes_at']));
    expect(pointers.length).toBeGreaterThanOrEqual(10);
    const { $schema: _path, ...starter } = starterEvent('prueba', 'prueba.json');
    const file = filledAt(starter, pointers, '2027-03-13T20:00:00-06:00') as EventFile;
    const data = formDataOf(file, choices);
    const state = new SchemaFormState<EventFile>(() => [], data, 'event');
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>
        <SchemaForm<EventFile> schema={schema} uiSchema={EDITOR_UI_SCHEMA} extraWidgets={EDITOR_WIDGETS} validator={serverJudges} defaultFormStateBehavior={EDITOR_DEFAULTS} state={state} tagName="div" />
      </I18nextProvider>,
    );
    const times = [...html.matchAll(/<input\b[^>]*\btype="datetime-local"[^>]*>/g)].map(([tag]) => [/\bid="([^"]+)"/.exec(tag)?.[1], /\bvalue="([^"]*)"/.exec(tag)?.[1]]);
    const offsets = [...html.matchAll(/<select\b[^>]*\bid="([^"]+)-offset"[^>]*>(.*?)<\/select>/g)].map(([, id, options]) => [id, /<option [^>]*selected=""[^>]*>|<option selected=""[^>]*>/.exec(options)?.[0].match(/value="([^"]*)"/)?.[1]]);
    const ids = pointers.map((pointer) => `event${pointer.replaceAll('/-', '/0').replaceAll('/', '.')}`);
    expect(times).toEqual(ids.map((id) => [id, '2027-03-13T20:00:00']));
    expect(offsets).toEqual(ids.map((id) => [id, '-06:00']));
    expect(html).toContain('starts_at: hora local');
    expect(html).toContain('starts_at: desfase UTC');
    expect(fileOf(state.data, file, choices)).toEqual(file);
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
