import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LAZY_WIDGET_NAMES, loadedFormParts, loadFormParts, needsFormParts } from '../../../renderers/formParts';
import { compileAttendeeFields } from '../../../src/shared/attendee-form';
import type { AttendeeField } from '../../../src/shared/event-file/event-file.types';
import { FORM_SCHEMAS } from '../../../src/shared/forms/form-schemas';

const formsOf = (path: string) => {
  const event = JSON.parse(readFileSync(fileURLToPath(new URL(`../../../${path}`, import.meta.url)), 'utf8')) as { tickets?: { form?: AttendeeField[] }[] };
  return (event.tickets ?? []).filter((ticket) => (ticket.form ?? []).length > 0).map((ticket) => compileAttendeeFields(ticket.form!));
};

describe('the form parts only some forms load (renderers/formParts.ts)', () => {
  it('the demo event\'s attendee forms and the payment forms need none of them; the invoice form (its RFC) does', () => {
    const { invoice, ...paymentForms } = FORM_SCHEMAS;
    for (const form of [...formsOf('src/server/demo/demo.json'), ...Object.values(paymentForms)]) expect(needsFormParts(form.schema, form.uiSchema)).toBe(false);
    expect(needsFormParts(invoice.schema, invoice.uiSchema)).toBe(true);
  });

  it('a form with a multiselect, date, country or CURP/RFC field needs them', () => {
    const field = (type: string, extra: object = {}) => ({ id: 'f', type, label: { es: 'F', en: 'F' }, required: false, ...extra }) as unknown as AttendeeField;
    const options = { options: { values: [{ value: 'a', label: { es: 'A', en: 'A' } }] } };
    for (const [type, extra] of [['multiselect', options], ['date', {}], ['country', {}], ['curp', {}], ['rfc', {}]] as const) {
      const form = compileAttendeeFields([field(type, extra)]);
      expect(needsFormParts(form.schema, form.uiSchema), type).toBe(true);
    }
  });

  it('loads once and then answers at once, with every lazy widget name', async () => {
    const parts = await loadFormParts();
    expect(loadedFormParts()).toBe(parts);
    expect(await loadFormParts()).toBe(parts);
    expect(Object.keys(parts.widgets).sort()).toEqual([...LAZY_WIDGET_NAMES].sort());
    expect(Object.keys(parts.fields)).toEqual(['ArrayField']);
  });
});
