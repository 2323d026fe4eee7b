import realUri from 'fast-uri';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import shimUri from '../../../renderers/shims/fast-uri';
import { compileAttendeeFields } from '../../../src/shared/attendee-form';
import type { AttendeeField } from '../../../src/shared/event-file/event-file.types';
import { paymentWidgets } from '../../../renderers/paymentWidgets';
import { WIDGET_NAMES } from '../../../renderers/registry';
import { FORM_SCHEMAS } from '../../../src/shared/forms/form-schemas';

/**
 * The build replaces modules inside rjsf by stand-ins (scripts/vite-plugin-form-engine-trim.js,
 * docs/decisions/016-page-weight.md). Each is safe because of a property of OUR forms, checked here
 * on every form the storefront renders: the payment forms and every attendee form of the demo and
 * fixture events.
 */
const repo = fileURLToPath(new URL('../../..', import.meta.url));
const eventFiles = [
  join(repo, 'src/server/demo/demo.json'),
  join(repo, 'src/server/demo/demo-free.json'),
  ...readdirSync(join(repo, 'tests/fixtures/events'))
    .filter((name) => name.endsWith('.json'))
    .map((name) => join(repo, 'tests/fixtures/events', name)),
];

const attendeeForms = eventFiles.flatMap((file) => {
  const event = JSON.parse(readFileSync(file, 'utf8')) as { tickets?: { form?: AttendeeField[] }[] };
  return (event.tickets ?? []).filter((ticket) => (ticket.form ?? []).length > 0).map((ticket) => compileAttendeeFields(ticket.form!));
});
const everyForm = [...Object.values(FORM_SCHEMAS), ...attendeeForms];

/** Every key anywhere inside `value` (objects and arrays, recursively). */
function keysIn(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => keysIn(item, into));
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      into.add(key);
      keysIn(child, into);
    }
  }
  return into;
}

describe('what the form-engine stand-ins rely on', () => {
  it('covers the payment forms and the attendee forms of the demo and fixture events', () => {
    expect(attendeeForms.length).toBeGreaterThan(3);
    expect(everyForm.length).toBe(Object.keys(FORM_SCHEMAS).length + attendeeForms.length);
  });

  it('no form schema has a $ref, so rjsf never resolves a URI (fast-uri stand-in)', () => {
    const withRef = everyForm.filter((form) => ['$ref', '$dynamicRef', '$recursiveRef'].some((key) => keysIn(form.schema).has(key)));
    expect(withRef).toEqual([]);
  });

  it('no uiSchema turns rjsf markdown on (markdown-to-jsx stand-in)', () => {
    const withMarkdown = everyForm.filter((form) => ['enableMarkdownInDescription', 'enableMarkdownInHelp'].some((key) => keysIn(form.uiSchema).has(key)));
    expect(withMarkdown).toEqual([]);
  });

  it('no schema needs a field the trimmed registry left out (anyOf/oneOf, layout grid, optional-data controls) or rjsf\'s anyOf/oneOf option matchers (stand-in that throws)', () => {
    const needing = everyForm.filter(
      (form) => ['anyOf', 'oneOf'].some((key) => keysIn(form.schema).has(key)) || ['ui:field', 'enableOptionalDataFieldForType'].some((key) => keysIn(form.uiSchema).has(key)),
    );
    expect(needing).toEqual([]);
  });

  it('every widget a uiSchema names is ours or rjsf\'s hidden one (the trimmed default widgets)', () => {
    const known = new Set([...WIDGET_NAMES, ...Object.keys(paymentWidgets), 'hidden']);
    const named = new Set<string>();
    const collect = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === 'object') {
        for (const [key, child] of Object.entries(value)) {
          if (key === 'ui:widget' && typeof child === 'string') named.add(child);
          collect(child);
        }
      }
    };
    everyForm.forEach((form) => collect(form.uiSchema));
    expect(named.size).toBeGreaterThan(3);
    expect([...named].filter((name) => !known.has(name))).toEqual([]);
  });

  it('no schema has a format, which would make rjsf look a date, URL or colour widget up', () => {
    expect(everyForm.filter((form) => keysIn(form.schema).has('format'))).toEqual([]);
  });
});

describe('the fast-uri stand-in', () => {
  // Should a $ref ever appear, the stand-in must answer as the real resolver does.
  const cases: [string, string][] = [
    ['forms/buyer', '#/definitions/name'],
    ['forms/buyer', 'other#/a'],
    ['forms/buyer', '../shared/x.json'],
    ['https://example.com/schemas/buyer.json', 'address.json#/street'],
    ['https://example.com/schemas/buyer.json', '#/definitions/a'],
    ['https://example.com/a/b', 'https://other.org/c'],
  ];
  it.each(cases)('resolves %s + %s like fast-uri', (base, reference) => {
    expect(shimUri.resolve(base, reference)).toBe(realUri.resolve(base, reference));
  });

  it.each([
    ['forms/buyer', 'forms/buyer', true],
    ['forms/buyer', 'forms/card', false],
    ['HTTPS://Example.com/a', 'https://example.com/a', true],
    ['https://example.com/a', 'https://example.com/b', false],
  ] as const)('compares %s and %s like fast-uri', (a, b, same) => {
    expect(shimUri.equal(a, b)).toBe(same);
    expect(realUri.equal(a, b)).toBe(same);
  });
});
