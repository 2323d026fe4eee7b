import { describe, expect, it } from 'vitest';
import { attendeeFieldProblems, attendeeFormProblems } from '../../../../src/shared/attendee-form';
import type { AttendeeField } from '../../../../src/shared/event-file/event-file.types';

const codes = (field: AttendeeField) => attendeeFieldProblems(field).map((p) => `${p.pointer} ${p.code}`);

describe('attendeeFieldProblems', () => {
  it('a well-formed field of every type has no problem', () => {
    const fields: AttendeeField[] = [
      { id: 'a', type: 'text', label: 'A', validation: { pattern: { value: '^x', message: 'm' }, minLength: { value: 1, message: 'm' }, maxLength: { value: 3, message: 'm' } } },
      { id: 'b', type: 'email', label: 'B' },
      { id: 'c', type: 'telefono', label: 'C', validation: { maxLength: { value: 10, message: 'm' } } },
      { id: 'd', type: 'number', label: 'D', validation: { min: { value: 1 }, max: { value: 1 } } },
      { id: 'e', type: 'select', label: 'E', options: { values: ['x', 'y'] } },
      { id: 'f', type: 'checkbox', label: 'F', placeholder: '/terms-and-conditions' },
      { id: 'g', type: 'checkbox', label: 'G', placeholder: 'http://example.mx/t' },
      { id: 'h', type: 'file', label: 'H', validation: { allowedFormats: { value: ['image/svg+xml', 'image/webp'], message: 'm' } } },
    ];
    expect(attendeeFormProblems(fields)).toEqual([]);
  });

  it('select needs distinct, non-empty values', () => {
    expect(codes({ id: 's', type: 'select', label: 'S' })).toEqual(['/options selectWithoutValues']);
    expect(codes({ id: 's', type: 'select', label: 'S', options: { values: [] } })).toEqual(['/options/values selectWithoutValues']);
    expect(codes({ id: 's', type: 'select', label: 'S', options: { values: ['a', '', 'a'] } })).toEqual([
      '/options/values/1 emptyOptionValue',
      '/options/values/2 duplicateOptionValue',
    ]);
  });

  it('refuses options outside select and every rule that does not fit the type', () => {
    expect(codes({ id: 'n', type: 'number', label: 'N', options: { values: ['1'] } })).toEqual(['/options optionsNotAllowed']);
    expect(
      codes({
        id: 'n',
        type: 'number',
        label: 'N',
        validation: { pattern: { value: 'x', message: 'm' }, maxSize: { value: 1, message: 'm' } },
      }),
    ).toEqual(['/validation/pattern ruleNotAllowed', '/validation/maxSize ruleNotAllowed']);
    expect(codes({ id: 'c', type: 'checkbox', label: 'C', validation: { min: { value: 1 } } })).toEqual([
      '/validation/min ruleNotAllowed',
    ]);
    expect(codes({ id: 's', type: 'select', label: 'S', options: { values: ['a'] }, validation: { maxLength: { value: 1, message: 'm' } } })).toEqual([
      '/validation/maxLength ruleNotAllowed',
    ]);
    expect(codes({ id: 'f', type: 'file', label: 'F', validation: { min: { value: 1 } } })).toEqual(['/validation/min ruleNotAllowed']);
  });

  it('patterns are judged in unicode mode, as ajv compiles them', () => {
    expect(codes({ id: 't', type: 'text', label: 'T', validation: { pattern: { value: '[a-', message: 'm' } } })).toEqual([
      '/validation/pattern/value invalidPattern',
    ]);
    // `\-` outside a class is fine in legacy regexes but a SyntaxError with the u flag.
    expect(codes({ id: 't', type: 'text', label: 'T', validation: { pattern: { value: '^a\\-b$', message: 'm' } } })).toEqual([
      '/validation/pattern/value invalidPattern',
    ]);
  });

  it('min above max, minLength above maxLength', () => {
    expect(codes({ id: 'n', type: 'number', label: 'N', validation: { min: { value: 5 }, max: { value: 1 } } })).toEqual([
      '/validation/min/value minAboveMax',
    ]);
    expect(
      codes({ id: 't', type: 'text', label: 'T', validation: { minLength: { value: 5, message: 'm' }, maxLength: { value: 2, message: 'm' } } }),
    ).toEqual(['/validation/minLength/value minLengthAboveMaxLength']);
  });

  it('allowedFormats must be image MIME types, and image/jpg is called out', () => {
    expect(
      codes({ id: 'f', type: 'file', label: 'F', validation: { allowedFormats: { value: ['image/png', 'application/pdf', 'PNG', 'image/jpg'], message: 'm' } } }),
    ).toEqual([
      '/validation/allowedFormats/value/1 notImageMime',
      '/validation/allowedFormats/value/2 notImageMime',
      '/validation/allowedFormats/value/3 jpgMime',
    ]);
  });

  it('a checkbox link must be a site path or an http(s) URL', () => {
    for (const bad of ['javascript:alert(1)', '//evil.example', 'terms', 'https://a b', 'data:text/html,x']) {
      expect(codes({ id: 'c', type: 'checkbox', label: 'C', placeholder: bad })).toEqual(['/placeholder checkboxLinkInvalid']);
    }
  });

  it('form-level: duplicate ids point at the later field', () => {
    expect(
      attendeeFormProblems([
        { id: 'a', type: 'text', label: 'A' },
        { id: 'b', type: 'text', label: 'B' },
        { id: 'a', type: 'email', label: 'C' },
      ]),
    ).toEqual([{ pointer: '/2/id', code: 'duplicateFieldId', params: { id: 'a' } }]);
  });
});
