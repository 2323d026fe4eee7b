import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { enableStaticRendering } from 'mobx-react-lite';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import buyerValidate from 'virtual:form-validator/buyer';
import secondCardValidate from 'virtual:form-validator/secondCard';
import walletCardValidate from 'virtual:form-validator/walletCard';
import { SchemaForm } from '../../../renderers/SchemaForm/SchemaForm';
import { SchemaFormState } from '../../../renderers/state/SchemaFormState';
import { createPrecompiledValidator } from '../../../renderers/validator/createPrecompiledValidator';
import { PAYMENT_WIDGET_NAMES, paymentWidgets } from '../../../renderers/paymentWidgets';
import { WIDGET_NAMES } from '../../../renderers/registry';
import { renderLanguages } from '../support/render-languages';
import { answerProblems, compileAttendeeFields } from '../../../src/shared/attendee-form';
import type { EventFile } from '../../../src/shared/event-file/event-file.types';
import { FORM_SCHEMAS, formProblems, type FormId, type SchemaValidateFunction } from '../../../src/shared/forms';
import { createAjv } from '../../../src/shared/validation/create-ajv';
import { standaloneValidatorModule } from '../../../src/shared/validation/standalone-module';

enableStaticRendering(true);

const root = fileURLToPath(new URL('../../../', import.meta.url));
const eventFiles = [
  join(root, 'src/server/demo/demo.json'),
  join(root, 'src/server/demo/demo-free.json'),
  ...readdirSync(join(root, 'tests/fixtures/events'))
    .filter((name) => name.endsWith('.json') && !name.endsWith('.cases.json'))
    .map((name) => join(root, 'tests/fixtures/events', name)),
];
const ticketForms = eventFiles.flatMap((path) => {
  const file = JSON.parse(readFileSync(path, 'utf8')) as EventFile;
  return file.tickets.filter((ticket) => (ticket.form ?? []).length > 0).map((ticket) => ({ name: `${path.slice(root.length)} · ${ticket.name}`, fields: ticket.form! }));
});

/** Imports standalone code as the browser would: an ES module from a file, nothing in scope. */
async function importModule(code: string): Promise<Record<string, SchemaValidateFunction>> {
  const file = join(mkdtempSync(join(tmpdir(), 'render-test-')), 'validators.mjs');
  writeFileSync(file, code);
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as Record<string, SchemaValidateFunction>;
}

const languages = renderLanguages();

function render<T>(language: 'es' | 'en', schema: RJSFSchema, uiSchema: UiSchema, validate: SchemaValidateFunction, state: SchemaFormState<T>): string {
  const validator = createPrecompiledValidator<T>(validate, schema, (data) => (validate(data ?? {}) ? [] : answerProblems(validate.errors)));
  return renderToStaticMarkup(
    <I18nextProvider i18n={languages[language]}>
      <SchemaForm<T> schema={schema} uiSchema={uiSchema} validator={validator} state={state} extraWidgets={paymentWidgets} />
    </I18nextProvider>,
  );
}

/** Ids of the inputs in the markup and the ids labels point at. */
function inputsAndLabels(html: string) {
  const inputs = [...html.matchAll(/<(?:input|select)\b[^>]*\bid="([^"]+)"/g)].map((match) => match[1]);
  const labelled = new Set([
    ...[...html.matchAll(/<label\b[^>]*\bfor="([^"]+)"/g)].map((match) => match[1]),
    ...[...html.matchAll(/<input\b[^>]*\bid="([^"]+)"[^>]*aria-labelledby="[^"]+"/g)].map((match) => match[1]),
    ...[...html.matchAll(/<label\b[^>]*>(?:(?!<\/label>).)*<input\b[^>]*\bid="([^"]+)"/g)].map((match) => match[1]),
  ]);
  return { inputs, labelled };
}

describe('every attendee form of the demo events and fixtures renders and validates', () => {
  it('there are varied forms to check', () => expect(ticketForms.length).toBeGreaterThanOrEqual(4));

  it.each(ticketForms.map((form) => [form.name, form]))('%s', async (_name, { fields }) => {
    const { schema, uiSchema } = compileAttendeeFields(fields);
    // The validator the browser gets: standalone code, judging exactly like the server's runtime one.
    const browser = (await importModule(standaloneValidatorModule({ t: schema }))).t;
    const server = createAjv().compile(schema);
    for (const sample of [{}, { [fields[0].id]: '' }, { [fields[0].id]: 42 }, { unknown: 'x' }]) {
      expect(browser(sample)).toBe(server(sample));
      expect(answerProblems(browser.errors)).toEqual(answerProblems(server.errors));
    }

    // Before anything is touched: every field labelled (a conditional one is not there yet), no message shown.
    const shown = fields.filter((field) => !field.visible_when);
    // A multiselect is one checkbox per option.
    const inputsOf = (list: typeof fields) => list.reduce((sum, field) => sum + (field.type === 'multiselect' ? field.options!.values.length : 1), 0);
    const fresh = render('es', schema as RJSFSchema, uiSchema as UiSchema, browser, new SchemaFormState((d) => (browser(d ?? {}) ? [] : answerProblems(browser.errors)), {}, 'a1-0'));
    const { inputs, labelled } = inputsAndLabels(fresh);
    expect(inputs.length).toBe(inputsOf(shown));
    for (const id of inputs) expect(labelled.has(id), `label for ${id}`).toBe(true);
    for (const field of shown) expect(fresh).toContain(field.label);
    for (const field of fields.filter((f) => f.visible_when)) expect(fresh).not.toContain(`>${field.label}<`);
    expect(fresh).not.toContain('Este campo es obligatorio');

    // Submitted empty: each required field says so, in Spanish and in English.
    const required = shown.filter((field) => field.required);
    for (const [language, text] of [['es', 'Este campo es obligatorio'], ['en', 'This field is required']] as const) {
      const state = new SchemaFormState((d) => (browser(d ?? {}) ? [] : answerProblems(browser.errors)), {}, 'a1-0');
      state.markSubmitted();
      const html = render(language, schema as RJSFSchema, uiSchema as UiSchema, browser, state);
      const requiredText = required.filter((field) => field.type !== 'checkbox').length;
      expect(html.split(text).length - 1).toBe(requiredText);
      expect((html.match(/aria-invalid="true"/g) ?? []).length).toBe(inputsOf(required));
    }
  });

  it('uiSchemas only name registered widgets', () => {
    const named = new Set<string>();
    const collect = (node: unknown) => {
      if (typeof node !== 'object' || node === null) return;
      for (const [key, value] of Object.entries(node)) {
        if (key === 'ui:widget' && typeof value === 'string') named.add(value);
        else collect(value);
      }
    };
    const attendee = new Set<string>();
    ticketForms.forEach(({ fields }) => collect(compileAttendeeFields(fields).uiSchema));
    named.forEach((name) => attendee.add(name));
    // Attendee forms use the shared registry only: the card widgets are not in their chunk.
    expect([...attendee].filter((name) => !WIDGET_NAMES.includes(name))).toEqual([]);
    Object.values(FORM_SCHEMAS).forEach(({ uiSchema }) => collect(uiSchema));
    expect([...named].filter((name) => !WIDGET_NAMES.includes(name) && !PAYMENT_WIDGET_NAMES.includes(name))).toEqual([]);
    expect([...named].sort()).toEqual(expect.arrayContaining(['cardNumber', 'checkboxLink', 'cvv', 'email', 'fileImage', 'secureField', 'select', 'telefono']));
  });
});

describe('static forms render with their precompiled validators', () => {
  const cases: [FormId, SchemaValidateFunction, string[], string[]][] = [
    ['buyer', buyerValidate, ['Nombre completo', 'Correo electrónico', 'Confirma tu correo electrónico', 'Teléfono (10 dígitos)'], ['Full name', 'Email', 'Confirm your email', 'Phone (10 digits)']],
    ['walletCard', walletCardValidate, ['Número de tarjeta', 'Nombre del titular', 'Vencimiento (MM/AA)', 'Código de seguridad'], ['Card number', 'Cardholder name', 'Expiry (MM/YY)', 'Security code']],
  ];
  it.each(cases)('%s: labels translated, messages shown once submitted', (id, validate, es, en) => {
    const { schema, uiSchema } = FORM_SCHEMAS[id];
    const state = () => new SchemaFormState<Record<string, unknown>>((data) => formProblems(validate, schema, data ?? {}), {}, id);
    const htmlEs = render('es', schema as RJSFSchema, uiSchema as UiSchema, validate, state());
    es.forEach((label) => expect(htmlEs).toContain(label));
    const htmlEn = render('en', schema as RJSFSchema, uiSchema as UiSchema, validate, state());
    en.forEach((label) => expect(htmlEn).toContain(label));
    const submitted = state();
    submitted.markSubmitted();
    const html = render('es', schema as RJSFSchema, uiSchema as UiSchema, validate, submitted);
    expect(html).toContain(id === 'buyer' ? 'El nombre es requerido.' : 'El titular es requerido');
  });

  it('the security code has a help button (tooltip after 200 ms) and numeric inputs', () => {
    const { schema, uiSchema } = FORM_SCHEMAS.secondCard;
    const html = render('es', schema as RJSFSchema, uiSchema as UiSchema, secondCardValidate, new SchemaFormState((d) => formProblems(secondCardValidate, schema, d ?? {}), {}, 'w'));
    expect(html).toContain('aria-label="¿Qué es el código de seguridad?"');
    const cardNumber = html.match(/<input[^>]*id="w\.cardNumber"[^>]*>/)?.[0] ?? '';
    expect(cardNumber).toMatch(/inputMode="numeric"/i);
    expect(cardNumber).toMatch(/autoComplete="cc-number"/i);
  });

  it("the wallet card's number, expiry and code are the provider's fields: containers, never our inputs", () => {
    const { schema, uiSchema } = FORM_SCHEMAS.walletCard;
    const html = render('es', schema as RJSFSchema, uiSchema as UiSchema, walletCardValidate, new SchemaFormState((d) => formProblems(walletCardValidate, schema, d ?? {}), {}, 'w'));
    for (const field of ['cardNumber', 'expirationDate', 'securityCode']) expect(html).toContain(`data-secure-field="${field}"`);
    expect(html).not.toMatch(/<input[^>]*id="w\.cardNumber"/);
    expect(html).toMatch(/<input[^>]*id="w\.cardholderName"/);
  });
});
