import { describe, expect, it } from 'vitest';
import { answerProblems, attendeeFormProblems, compileAttendeeFields } from '../../../../src/shared/attendee-form';
import { conditionsOf, hiddenFields, withoutHiddenAnswers } from '../../../../src/shared/attendee-form/conditions';
import { COUNTRY_CODES } from '../../../../src/shared/attendee-form/country-codes';
import type { AttendeeField } from '../../../../src/shared/event-file/event-file.types';
import { hasCurpCheckDigit, isCalendarDate } from '../../../../src/shared/validation/answer-keywords';
import { createAjv } from '../../../../src/shared/validation/create-ajv';

const ajv = createAjv();
const verdict = (fields: AttendeeField[], answers: Record<string, unknown>) => {
  const validate = ajv.compile(compileAttendeeFields(fields).schema);
  return validate(answers) ? [] : answerProblems(validate.errors);
};
const property = (field: AttendeeField) => (compileAttendeeFields([field]).schema.properties as Record<string, Record<string, unknown>>)[field.id];
const ui = (field: AttendeeField) => compileAttendeeFields([field]).uiSchema[field.id] as Record<string, unknown>;

describe('compiler output per new field type', () => {
  it('textarea: a capped string on the textarea widget', () => {
    const field: AttendeeField = { id: 'n', type: 'textarea', label: 'N', validation: { maxLength: { value: 300, message: 'Máx 300' } } };
    expect(property(field)).toMatchObject({ type: 'string', maxLength: 300, errorMessage: { maxLength: 'Máx 300' } });
    expect(ui(field)['ui:widget']).toBe('textarea');
    expect(property({ id: 'n', type: 'textarea', label: 'N' }).maxLength).toBe(500);
  });

  it('date: calendarDate and the bounds as keywords, on the date widget', () => {
    const field: AttendeeField = { id: 'd', type: 'date', label: 'D', required: true, validation: { minDate: { value: '2026-01-01' }, maxDate: { value: '2026-12-31', message: 'Solo 2026' } } };
    expect(property(field)).toEqual({
      type: 'string',
      title: 'D',
      maxLength: 10,
      calendarDate: true,
      minLength: 1,
      earliestDate: '2026-01-01',
      latestDate: '2026-12-31',
      errorMessage: {
        type: 'errors:attendee.date',
        maxLength: 'errors:attendee.date',
        calendarDate: 'errors:attendee.date',
        minLength: 'errors:attendee.required',
        earliestDate: 'errors:attendee.dateMin',
        latestDate: 'Solo 2026',
      },
    });
    expect(ui(field)['ui:widget']).toBe('date');
    expect(verdict([field], { d: '2026-02-29' })).toEqual([{ pointer: '/d', message: 'errors:attendee.date' }]);
    expect(verdict([field], { d: '2025-12-31' })).toEqual([{ pointer: '/d', message: 'errors:attendee.dateMin' }]);
    expect(verdict([field], { d: '2027-01-01' })).toEqual([{ pointer: '/d', message: 'Solo 2026' }]);
    expect(verdict([field], { d: '2026-07-01' })).toEqual([]);
    expect(verdict([field], { d: '' })).toEqual([{ pointer: '/d', message: 'errors:attendee.required' }]);
  });

  it('multiselect: distinct options, min choices only once something is chosen, max choices', () => {
    const field: AttendeeField = { id: 'm', type: 'multiselect', label: 'M', options: { values: ['a', 'b', 'c'] }, validation: { minChoices: { value: 2 }, maxChoices: { value: 2 } } };
    expect(property(field)).toMatchObject({ type: 'array', uniqueItems: true, maxItems: 2, items: { enum: ['a', 'b', 'c'] }, not: { minItems: 1, maxItems: 1 } });
    expect(ui(field)['ui:widget']).toBe('checkboxes');
    expect(verdict([field], { m: [] })).toEqual([]);
    expect(verdict([field], { m: ['a'] })).toEqual([{ pointer: '/m', message: 'errors:attendee.minChoices' }]);
    expect(verdict([field], { m: ['a', 'b', 'c'] })).toEqual([{ pointer: '/m', message: 'errors:attendee.maxChoices' }]);
    expect(verdict([field], { m: ['a', 'a'] })).toEqual([{ pointer: '/m', message: 'errors:attendee.options' }]);
    expect(verdict([field], { m: ['a', 'z'] })).toEqual([{ pointer: '/m/1', message: 'errors:attendee.options' }]);
    expect(verdict([{ ...field, required: true }], { m: [] })).toEqual([{ pointer: '/m', message: 'errors:attendee.required' }]);
  });

  it('country: the 249 ISO 3166-1 codes, Mexico among them', () => {
    const field: AttendeeField = { id: 'c', type: 'country', label: 'C' };
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect(property(field)).toMatchObject({ type: 'string', enum: COUNTRY_CODES, errorMessage: { enum: 'errors:attendee.country' } });
    expect(ui(field)['ui:widget']).toBe('country');
    expect(verdict([field], { c: 'MX' })).toEqual([]);
    expect(verdict([field], { c: 'EU' })).toEqual([{ pointer: '/c', message: 'errors:attendee.country' }]);
  });

  it('curp: official shape, then its check digit (one message each)', () => {
    const field: AttendeeField = { id: 'c', type: 'curp', label: 'C' };
    expect(property(field)).toMatchObject({ maxLength: 18, curpCheckDigit: true });
    expect(ui(field)).toMatchObject({ 'ui:widget': 'upperCode', 'ui:options': { maxLength: 18 } });
    expect(verdict([field], { c: 'HEGG560427MVZRRL04' })).toEqual([]);
    expect(verdict([field], { c: 'LOOA531113HTCPBN07' })).toEqual([]);
    expect(verdict([field], { c: 'HEGG560427MVZRRL05' })).toEqual([{ pointer: '/c', message: 'errors:attendee.curpCheckDigit' }]);
    expect(verdict([field], { c: 'HEGG561327MVZRRL04' })).toEqual([{ pointer: '/c', message: 'errors:attendee.curp' }]);
    expect(verdict([field], { c: 'hegg560427mvzrrl04' })).toEqual([{ pointer: '/c', message: 'errors:attendee.curp' }]);
  });

  it('rfc: a person (13) or a company (12)', () => {
    const field: AttendeeField = { id: 'r', type: 'rfc', label: 'R' };
    expect(verdict([field], { r: 'GODE561231GR8' })).toEqual([]);
    expect(verdict([field], { r: 'ABC680524P76' })).toEqual([]);
    expect(verdict([field], { r: 'GODE561331GR8' })).toEqual([{ pointer: '/r', message: 'errors:attendee.rfc' }]);
    expect(verdict([field], { r: 'GODE561231GR8X' })).toEqual([{ pointer: '/r', message: 'errors:attendee.rfc' }]);
  });

  it('the keyword helpers', () => {
    expect(['2024-02-29', '2000-02-29', '2026-12-31'].map(isCalendarDate)).toEqual([true, true, true]);
    expect(['2026-02-29', '1900-02-29', '2026-04-31', '2026-13-01', '26-01-01'].map(isCalendarDate)).toEqual([false, false, false, false, false]);
    expect(hasCurpCheckDigit('HEGG560427MVZRRL04')).toBe(true);
    expect(hasCurpCheckDigit('HEGG560427MVZRRL03')).toBe(false);
  });
});

describe('visible_when', () => {
  const fields: AttendeeField[] = [
    { id: 'perfil', type: 'select', label: 'P', options: { values: ['Estudiante', 'Otro'] } },
    { id: 'escuela', type: 'text', label: 'E', required: true, visible_when: { field: 'perfil', in: ['Estudiante'] } },
    { id: 'credencial', type: 'checkbox', label: 'C', visible_when: { field: 'escuela', in: ['UNAM'] } },
    { id: 'talleres', type: 'multiselect', label: 'T', options: { values: ['a', 'b'] } },
    { id: 'detalle', type: 'text', label: 'D', visible_when: { field: 'talleres', equals: 'b' } },
  ];
  const { schema } = compileAttendeeFields(fields);

  it('compiles to if/then/else per conditional field, and keeps the conditions as data', () => {
    expect(schema.required ?? []).not.toContain('escuela');
    expect((schema.allOf as unknown[])[0]).toEqual({
      if: { type: 'object', properties: { perfil: { enum: ['Estudiante'] } }, required: ['perfil'] },
      then: { type: 'object', properties: { escuela: true }, required: ['escuela'], errorMessage: { required: { escuela: 'errors:attendee.required' } } },
      else: { type: 'object', properties: { escuela: { not: {}, errorMessage: 'errors:attendee.hidden' } } },
    });
    // A multiselect controls by "one of the chosen options".
    expect((schema.allOf as { if: unknown }[])[2].if).toEqual({ type: 'object', properties: { talleres: { type: 'array', contains: { enum: ['b'] } } }, required: ['talleres'] });
    expect(conditionsOf(schema)).toEqual({
      escuela: { field: 'perfil', in: ['Estudiante'] },
      credencial: { field: 'escuela', in: ['UNAM'] },
      detalle: { field: 'talleres', in: ['b'] },
    });
  });

  it('a hidden field is neither required nor accepted; a shown one is required', () => {
    expect(verdict(fields, {})).toEqual([]);
    expect(verdict(fields, { perfil: 'Estudiante' })).toEqual([{ pointer: '/escuela', message: 'errors:attendee.required' }]);
    expect(verdict(fields, { perfil: 'Otro', escuela: 'UNAM' })).toEqual([{ pointer: '/escuela', message: 'errors:attendee.hidden' }]);
    expect(verdict(fields, { talleres: ['a', 'b'], detalle: 'x' })).toEqual([]);
    expect(verdict(fields, { talleres: ['a'], detalle: 'x' })).toEqual([{ pointer: '/detalle', message: 'errors:attendee.hidden' }]);
  });

  it('hiddenFields follows chains in field order; withoutHiddenAnswers drops their answers', () => {
    const conditions = conditionsOf(schema);
    expect([...hiddenFields(conditions, { perfil: 'Estudiante', escuela: 'UNAM' })]).toEqual(['detalle']);
    // escuela hidden → credencial hidden too, whatever escuela's stale answer says.
    expect([...hiddenFields(conditions, { perfil: 'Otro', escuela: 'UNAM' })]).toEqual(['escuela', 'credencial', 'detalle']);
    expect(withoutHiddenAnswers(conditions, { perfil: 'Otro', escuela: 'UNAM', credencial: true })).toEqual({ perfil: 'Otro' });
    const untouched = { perfil: 'Estudiante', escuela: 'UNAM' };
    expect(withoutHiddenAnswers(conditions, untouched)).toBe(untouched);
  });

  it('event:check problems: unknown field, a later field (or itself), not exactly one of equals / in', () => {
    const codes = (list: AttendeeField[]) => attendeeFormProblems(list).map((p) => [p.pointer, p.code]);
    expect(codes([{ id: 'a', type: 'text', label: 'A', visible_when: { field: 'zz', equals: 'x' } }])).toEqual([['/0/visible_when/field', 'conditionUnknownField']]);
    expect(
      codes([
        { id: 'a', type: 'text', label: 'A', visible_when: { field: 'b', equals: 'x' } },
        { id: 'b', type: 'text', label: 'B', visible_when: { field: 'b', equals: 'x' } },
      ]),
    ).toEqual([
      ['/0/visible_when/field', 'conditionLaterField'],
      ['/1/visible_when/field', 'conditionLaterField'],
    ]);
    expect(
      codes([
        { id: 'a', type: 'checkbox', label: 'A' },
        { id: 'b', type: 'text', label: 'B', visible_when: { field: 'a' } },
        { id: 'c', type: 'text', label: 'C', visible_when: { field: 'a', equals: true, in: [true] } },
      ]),
    ).toEqual([
      ['/1/visible_when', 'conditionOneValue'],
      ['/2/visible_when', 'conditionOneValue'],
    ]);
  });

  it('rules of the new types that cannot hold are event:check problems', () => {
    const codes = (field: AttendeeField) => attendeeFormProblems([field]).map((p) => p.code);
    expect(codes({ id: 'd', type: 'date', label: 'D', validation: { minDate: { value: '2026-02-30' } } })).toEqual(['invalidDate']);
    expect(codes({ id: 'd', type: 'date', label: 'D', validation: { minDate: { value: '2026-05-01' }, maxDate: { value: '2026-04-01' } } })).toEqual(['minDateAboveMaxDate']);
    expect(codes({ id: 'm', type: 'multiselect', label: 'M', options: { values: ['a'] }, validation: { minChoices: { value: 2 } } })).toEqual(['choicesAboveOptions']);
    expect(codes({ id: 'm', type: 'multiselect', label: 'M', options: { values: ['a', 'b', 'c'] }, validation: { minChoices: { value: 3 }, maxChoices: { value: 2 } } })).toEqual(['minChoicesAboveMaxChoices']);
    expect(codes({ id: 'm', type: 'multiselect', label: 'M' })).toEqual(['selectWithoutValues']);
    expect(codes({ id: 'c', type: 'curp', label: 'C', validation: { maxLength: { value: 5, message: 'x' } } })).toEqual(['ruleNotAllowed']);
  });
});
