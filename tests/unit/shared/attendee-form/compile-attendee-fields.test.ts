import { describe, expect, it } from 'vitest';
import {
  ATTENDEE_MESSAGE_KEYS as KEY,
  answerProblems,
  AttendeeFormDefinitionError,
  compileAttendeeFields,
  dataUrlMaxLength,
  IMAGE_ANSWER_MAX_BYTES,
  TEXT_ANSWER_MAX_LENGTH,
} from '../../../../src/shared/attendee-form';
import type { AttendeeField } from '../../../../src/shared/event-file/event-file.types';
import { createAjv } from '../../../../src/shared/validation/create-ajv';

const ajv = createAjv();

/** Compiles `fields`, validates `answers`, returns every { pointer, message }. */
function problems(fields: AttendeeField[], answers: unknown) {
  const validate = ajv.compile(compileAttendeeFields(fields).schema);
  const valid = validate(answers);
  const found = answerProblems(validate.errors);
  expect(valid).toBe(found.length === 0);
  return found;
}

const one = (field: AttendeeField, value: unknown) =>
  problems([field], value === undefined ? {} : { [field.id]: value });

const png = (bytes: number) => `data:image/png;base64,${Buffer.alloc(bytes, 1).toString('base64')}`;

describe('text', () => {
  const name: AttendeeField = {
    id: 'nombre',
    type: 'text',
    label: 'Nombre',
    required: true,
    validation: {
      minLength: { value: 3, message: 'Mínimo 3' },
      maxLength: { value: 10, message: 'Máximo 10' },
      pattern: { value: '^[A-Za-zÁÉÍÓÚáéíóúñÑ ]+$', message: 'Solo letras' },
    },
  };

  it('accepts a good answer', () => {
    expect(one(name, 'Ana María')).toEqual([]);
  });

  it('required: a missing answer and an empty one give only the required key', () => {
    expect(one(name, undefined)).toEqual([{ pointer: '/nombre', message: KEY.required }]);
    expect(one(name, '')).toEqual([{ pointer: '/nombre', message: KEY.required }]);
  });

  it('uses the operator messages for minLength, maxLength and pattern', () => {
    expect(one(name, 'Al')).toEqual([{ pointer: '/nombre', message: 'Mínimo 3' }]);
    expect(one(name, 'Bartolomeo Juan')).toEqual([{ pointer: '/nombre', message: 'Máximo 10' }]);
    expect(one(name, 'R2D2')).toEqual([{ pointer: '/nombre', message: 'Solo letras' }]);
    expect(one(name, '4')).toEqual(
      expect.arrayContaining([
        { pointer: '/nombre', message: 'Mínimo 3' },
        { pointer: '/nombre', message: 'Solo letras' },
      ]),
    );
  });

  it('counts characters, not UTF-16 units, like ajv does', () => {
    const emoji: AttendeeField = { id: 'apodo', type: 'text', label: 'Apodo', validation: { minLength: { value: 3, message: 'Mínimo 3' } } };
    expect(one(emoji, '🎸🎸')).toEqual([{ pointer: '/apodo', message: 'Mínimo 3' }]);
    expect(one(emoji, '🎸🎸🎸')).toEqual([]);
  });

  it('optional: an empty answer is "not answered" and skips every check', () => {
    expect(one({ ...name, required: false }, '')).toEqual([]);
    expect(one({ ...name, required: false }, undefined)).toEqual([]);
  });

  it('a value of the wrong type is invalid', () => {
    expect(one(name, 42)).toEqual([{ pointer: '/nombre', message: KEY.invalid }]);
  });
});

describe('answer caps', () => {
  it('every text answer has a cap: TEXT_ANSWER_MAX_LENGTH by default, with the tooLong key', () => {
    const plain: AttendeeField = { id: 'nombre', type: 'text', label: 'Nombre' };
    expect(one(plain, 'a'.repeat(TEXT_ANSWER_MAX_LENGTH))).toEqual([]);
    expect(one(plain, 'a'.repeat(TEXT_ANSWER_MAX_LENGTH + 1))).toEqual([{ pointer: '/nombre', message: KEY.tooLong }]);
    expect(compileAttendeeFields([plain]).schema).toMatchObject({ properties: { nombre: { maxLength: TEXT_ANSWER_MAX_LENGTH } } });
  });

  it('an operator maxLength lowers the cap; one above the ceiling (stored before the ceiling existed) is clamped', () => {
    const big: AttendeeField = { id: 'nota', type: 'text', label: 'Nota', validation: { maxLength: { value: 100_000, message: 'Largo' } } };
    expect(compileAttendeeFields([big]).schema).toMatchObject({ properties: { nota: { maxLength: TEXT_ANSWER_MAX_LENGTH } } });
    expect(one(big, 'a'.repeat(TEXT_ANSWER_MAX_LENGTH + 1))).toEqual([{ pointer: '/nota', message: 'Largo' }]);
  });

  it('an over-long answer never reaches the operator pattern: only maxLength complains', () => {
    // Exponential on a non-matching answer: run on 100,000 characters it would never finish.
    const risky: AttendeeField = { id: 'clave', type: 'text', label: 'Clave', validation: { pattern: { value: '^([a-z0-9]+)+$', message: 'Solo letras' } } };
    expect(one(risky, `${'a'.repeat(100_000)}!`)).toEqual([{ pointer: '/clave', message: KEY.tooLong }]);
    expect(one(risky, 'abc!')).toEqual([{ pointer: '/clave', message: 'Solo letras' }]);
    const email: AttendeeField = { id: 'correo', type: 'email', label: 'Correo' };
    expect(one(email, `a@${'.a'.repeat(50_000)}@`)).toEqual([{ pointer: '/correo', message: KEY.tooLong }]);
  });

  // + 100: the data-URL prefix allowance leaves a few bytes of slack, which the server closes on the decoded bytes.
  it('every image answer has a cap: IMAGE_ANSWER_MAX_BYTES by default, clamped above it', () => {
    const any: AttendeeField = { id: 'foto', type: 'file', label: 'Foto' };
    expect(one(any, png(IMAGE_ANSWER_MAX_BYTES + 100))).toEqual([{ pointer: '/foto', message: KEY.imageTooLarge }]);
    const huge: AttendeeField = { id: 'foto', type: 'file', label: 'Foto', validation: { maxSize: { value: 50_000_000, message: 'Grande' } } };
    expect(one(huge, png(IMAGE_ANSWER_MAX_BYTES + 100))).toEqual([{ pointer: '/foto', message: 'Grande' }]);
  });
});

describe('email', () => {
  const email: AttendeeField = { id: 'correo', type: 'email', label: 'Correo', required: true };

  it('accepts an address and refuses a non-address with the email key', () => {
    expect(one(email, 'ana@example.mx')).toEqual([]);
    for (const bad of ['ana', 'ana@', 'ana@example', 'ana maria@example.mx', 5]) {
      expect(one(email, bad)).toEqual([{ pointer: '/correo', message: KEY.email }]);
    }
  });

  it('required empty gives only the required key; optional empty is fine', () => {
    expect(one(email, '')).toEqual([{ pointer: '/correo', message: KEY.required }]);
    expect(one({ ...email, required: false }, '')).toEqual([]);
  });

  it('adds an operator pattern and maxLength with their messages', () => {
    const corporate: AttendeeField = {
      ...email,
      validation: {
        pattern: { value: '@empresa\\.mx$', message: 'Usa tu correo de la empresa' },
        maxLength: { value: 20, message: 'Muy largo' },
      },
    };
    expect(one(corporate, 'ana@empresa.mx')).toEqual([]);
    expect(one(corporate, 'ana@gmail.com')).toEqual([{ pointer: '/correo', message: 'Usa tu correo de la empresa' }]);
    expect(one(corporate, 'ana')).toEqual(
      expect.arrayContaining([
        { pointer: '/correo', message: KEY.email },
        { pointer: '/correo', message: 'Usa tu correo de la empresa' },
      ]),
    );
    expect(one(corporate, 'anamariadelosangeles@empresa.mx')).toEqual([{ pointer: '/correo', message: 'Muy largo' }]);
  });
});

describe('telefono', () => {
  const phone: AttendeeField = { id: 'tel', type: 'telefono', label: 'Teléfono' };

  it('digits only, at most 10 by default, both with the telefono key', () => {
    expect(one(phone, '5512345678')).toEqual([]);
    expect(one(phone, '55 1234 5678')).toEqual([{ pointer: '/tel', message: KEY.telefono }]);
    expect(one(phone, '+525512345678')).toEqual(expect.arrayContaining([{ pointer: '/tel', message: KEY.telefono }]));
    expect(one(phone, '55123456789')).toEqual([{ pointer: '/tel', message: KEY.telefono }]);
    expect(one(phone, 5512345678)).toEqual([{ pointer: '/tel', message: KEY.telefono }]);
  });

  it('uses the operator maxLength/minLength and their messages', () => {
    const exact: AttendeeField = {
      ...phone,
      required: true,
      validation: {
        minLength: { value: 8, message: 'Ocho dígitos' },
        maxLength: { value: 8, message: 'Ocho dígitos' },
      },
    };
    expect(one(exact, '12345678')).toEqual([]);
    expect(one(exact, '1234567')).toEqual([{ pointer: '/tel', message: 'Ocho dígitos' }]);
    expect(one(exact, '123456789')).toEqual([{ pointer: '/tel', message: 'Ocho dígitos' }]);
    expect(one(exact, '')).toEqual([{ pointer: '/tel', message: KEY.required }]);
  });
});

describe('number', () => {
  const age: AttendeeField = {
    id: 'edad',
    type: 'number',
    label: 'Edad',
    required: true,
    validation: { min: { value: 18, message: 'Solo mayores de edad' }, max: { value: 99, message: 'Edad no válida' } },
  };

  it('min and max with the operator messages', () => {
    expect(one(age, 18)).toEqual([]);
    expect(one(age, 99)).toEqual([]);
    expect(one(age, 17)).toEqual([{ pointer: '/edad', message: 'Solo mayores de edad' }]);
    expect(one(age, 100)).toEqual([{ pointer: '/edad', message: 'Edad no válida' }]);
  });

  it('min and max without messages use the min/max keys', () => {
    const plain: AttendeeField = { id: 'n', type: 'number', label: 'N', validation: { min: { value: 1 }, max: { value: 5 } } };
    expect(one(plain, 0)).toEqual([{ pointer: '/n', message: KEY.min }]);
    expect(one(plain, 6)).toEqual([{ pointer: '/n', message: KEY.max }]);
    expect(one(plain, 2.5)).toEqual([]);
  });

  it('not a number, or missing', () => {
    expect(one(age, '30')).toEqual([{ pointer: '/edad', message: KEY.number }]);
    expect(one(age, undefined)).toEqual([{ pointer: '/edad', message: KEY.required }]);
  });
});

describe('select', () => {
  const size: AttendeeField = { id: 'talla', type: 'select', label: 'Talla', required: true, options: { values: ['CH', 'M', 'G'] } };

  it('accepts a listed value and refuses others with the option key', () => {
    expect(one(size, 'M')).toEqual([]);
    expect(one(size, 'XL')).toEqual([{ pointer: '/talla', message: KEY.option }]);
    expect(one(size, 'm')).toEqual([{ pointer: '/talla', message: KEY.option }]);
    expect(one(size, '')).toEqual([{ pointer: '/talla', message: KEY.option }]);
    expect(one(size, 1)).toEqual(expect.arrayContaining([{ pointer: '/talla', message: KEY.option }]));
  });

  it('required missing gives the required key; optional missing is fine', () => {
    expect(one(size, undefined)).toEqual([{ pointer: '/talla', message: KEY.required }]);
    expect(one({ ...size, required: false }, undefined)).toEqual([]);
  });
});

describe('checkbox', () => {
  const terms: AttendeeField = {
    id: 'terminos',
    type: 'checkbox',
    label: 'Acepto los términos',
    placeholder: 'https://boletos.example.mx/terms-and-conditions',
    required: true,
  };

  it('a required checkbox must be ticked (enum [true], same as const true)', () => {
    expect(one(terms, true)).toEqual([]);
    expect(one(terms, false)).toEqual([{ pointer: '/terminos', message: KEY.checkboxRequired }]);
    expect(one(terms, undefined)).toEqual([{ pointer: '/terminos', message: KEY.checkboxRequired }]);
  });

  it('an optional checkbox may be false or absent, but must be a boolean', () => {
    const optional = { ...terms, required: false };
    expect(one(optional, false)).toEqual([]);
    expect(one(optional, undefined)).toEqual([]);
    expect(one(optional, 'true')).toEqual([{ pointer: '/terminos', message: KEY.invalid }]);
  });
});

describe('file', () => {
  const photo: AttendeeField = {
    id: 'foto',
    type: 'file',
    label: 'Foto',
    required: true,
    validation: {
      maxSize: { value: 30, message: 'Máximo 30 bytes' },
      allowedFormats: { value: ['image/png', 'image/jpeg'], message: 'Solo PNG o JPG' },
    },
  };

  it('accepts an allowed image data URL within the size', () => {
    expect(one(photo, png(30))).toEqual([]);
    expect(one(photo, `data:image/jpeg;base64,${Buffer.from('jpeg').toString('base64')}`)).toEqual([]);
  });

  it('anything that is not an image data URL gets only invalidImage', () => {
    for (const bad of ['hola', 'data:application/pdf;base64,JVBERi0=', 'data:image/png,rawbytes', 'data:image/png;base64,@@@@', 7]) {
      expect(one(photo, bad)).toEqual([{ pointer: '/foto', message: KEY.invalidImage }]);
    }
  });

  it('an image of another type gets only the allowedFormats message', () => {
    expect(one(photo, 'data:image/gif;base64,R0lGODlh')).toEqual([{ pointer: '/foto', message: 'Solo PNG o JPG' }]);
    expect(one(photo, 'data:image/pngx;base64,AAAA')).toEqual([{ pointer: '/foto', message: 'Solo PNG o JPG' }]);
  });

  it('too large gets the maxSize message', () => {
    expect(one(photo, png(36))).toEqual([{ pointer: '/foto', message: 'Máximo 30 bytes' }]);
  });

  it('maxLength is prefix + 4·ceil(n/3): exact for multiples of 3, up to 2 bytes of slack otherwise', () => {
    expect(dataUrlMaxLength(30, ['image/png', 'image/jpeg'])).toBe('data:image/jpeg;base64,'.length + 40);
    expect(dataUrlMaxLength(2 * 1024 * 1024)).toBe(64 + 4 * Math.ceil((2 * 1024 * 1024) / 3));
    const twoMb: AttendeeField = { ...photo, validation: { maxSize: { value: 31, message: 'Grande' } } };
    // 31 bytes → 44 base64 chars, which also holds 33 bytes: the server's byte check closes the gap.
    expect(one(twoMb, png(33))).toEqual([]);
  });

  it('required empty gives only the required key; optional empty is fine', () => {
    expect(one(photo, '')).toEqual([{ pointer: '/foto', message: KEY.required }]);
    expect(one(photo, undefined)).toEqual([{ pointer: '/foto', message: KEY.required }]);
    expect(one({ ...photo, required: false }, '')).toEqual([]);
  });

  it('without rules any image type and size is accepted', () => {
    const any: AttendeeField = { id: 'foto', type: 'file', label: 'Foto' };
    expect(one(any, 'data:image/webp;base64,UklGRg==')).toEqual([]);
    expect(one(any, 'data:image/svg+xml;base64,PHN2Zz4=')).toEqual([]);
  });
});

describe('attendee object', () => {
  it('refuses unknown fields and non-objects with the invalid key', () => {
    const fields: AttendeeField[] = [{ id: 'nombre', type: 'text', label: 'Nombre' }];
    expect(problems(fields, { nombre: 'Ana', extra: 1 })).toEqual([{ pointer: '/extra', message: KEY.invalid }]);
    expect(problems(fields, ['Ana'])).toEqual([{ pointer: '', message: KEY.invalid }]);
  });

  it('an empty field list accepts only an empty object', () => {
    expect(problems([], {})).toEqual([]);
    expect(problems([], { a: 1 })).toEqual([{ pointer: '/a', message: KEY.invalid }]);
  });

  it('reports every failing field of one attendee at once', () => {
    const fields: AttendeeField[] = [
      { id: 'nombre', type: 'text', label: 'Nombre', required: true },
      { id: 'correo', type: 'email', label: 'Correo', required: true },
      { id: 'edad', type: 'number', label: 'Edad', validation: { min: { value: 18 } } },
    ];
    expect(problems(fields, { correo: 'x', edad: 3 })).toEqual(
      expect.arrayContaining([
        { pointer: '/nombre', message: KEY.required },
        { pointer: '/correo', message: KEY.email },
        { pointer: '/edad', message: KEY.min },
      ]),
    );
  });
});

describe('schema shape', () => {
  it('is plain JSON Schema with errorMessage, required list and no extra properties', () => {
    const { schema } = compileAttendeeFields([
      { id: 'nombre', type: 'text', label: 'Nombre', required: true },
      { id: 'terminos', type: 'checkbox', label: 'Acepto', required: true },
      { id: 'edad', type: 'number', label: 'Edad' },
    ]);
    expect(schema).toMatchObject({
      type: 'object',
      required: ['nombre', 'terminos'],
      additionalProperties: false,
      properties: {
        nombre: { type: 'string', title: 'Nombre', minLength: 1 },
        terminos: { type: 'boolean', enum: [true] },
        edad: { type: 'number' },
      },
      errorMessage: { required: { nombre: KEY.required, terminos: KEY.checkboxRequired } },
    });
    expect(JSON.parse(JSON.stringify(schema))).toEqual(schema);
  });

  it('rjsf does not pre-tick a required checkbox (no const for getDefaultFormState to copy)', async () => {
    const { getDefaultFormState } = await import('@rjsf/utils');
    const { default: validator } = await import('@rjsf/validator-ajv8');
    const { schema } = compileAttendeeFields([{ id: 'terminos', type: 'checkbox', label: 'Acepto', required: true }]);
    const defaults = getDefaultFormState(validator, schema, undefined, schema) as Record<string, unknown>;
    expect(defaults.terminos).not.toBe(true);
  });

  it('compiles under strict mode without custom keywords', () => {
    const strictAjv = createAjv({ strict: true });
    expect(() =>
      strictAjv.compile(
        compileAttendeeFields([
          { id: 'a', type: 'text', label: 'A', validation: { pattern: { value: 'x', message: 'm' }, minLength: { value: 2, message: 'm' } } },
          { id: 'b', type: 'file', label: 'B', validation: { allowedFormats: { value: ['image/png'], message: 'm' } } },
        ]).schema,
      ),
    ).not.toThrow();
  });
});

describe('uiSchema', () => {
  it('names our widgets, titles, placeholders, order and file options', () => {
    const { uiSchema } = compileAttendeeFields([
      { id: 'nombre', type: 'text', label: 'Nombre', placeholder: 'Tu nombre' },
      { id: 'correo', type: 'email', label: 'Correo', placeholder: 'a@b.mx' },
      { id: 'edad', type: 'number', label: 'Edad' },
      { id: 'tel', type: 'telefono', label: 'Tel', placeholder: '10 dígitos' },
      { id: 'talla', type: 'select', label: 'Talla', options: { values: ['M'] } },
      { id: 'tyc', type: 'checkbox', label: 'Acepto', placeholder: 'https://boletos.example.mx/terms-and-conditions' },
      {
        id: 'foto',
        type: 'file',
        label: 'Foto',
        validation: {
          maxSize: { value: 2097152, message: 'm' },
          allowedFormats: { value: ['image/png', 'image/jpeg'], message: 'm' },
        },
      },
      { id: 'doc', type: 'file', label: 'Documento' },
    ]);
    expect(uiSchema).toEqual({
      'ui:order': ['nombre', 'correo', 'edad', 'tel', 'talla', 'tyc', 'foto', 'doc'],
      nombre: { 'ui:title': 'Nombre', 'ui:placeholder': 'Tu nombre' },
      correo: { 'ui:title': 'Correo', 'ui:widget': 'email', 'ui:placeholder': 'a@b.mx' },
      edad: { 'ui:title': 'Edad' },
      tel: { 'ui:title': 'Tel', 'ui:widget': 'telefono', 'ui:placeholder': '10 dígitos' },
      talla: { 'ui:title': 'Talla', 'ui:widget': 'select' },
      tyc: {
        'ui:title': 'Acepto',
        'ui:widget': 'checkboxLink',
        'ui:options': { href: 'https://boletos.example.mx/terms-and-conditions' },
      },
      foto: {
        'ui:title': 'Foto',
        'ui:widget': 'fileImage',
        'ui:options': { accept: 'image/png,image/jpeg', maxBytes: 2097152, sizeMessage: 'm', formatMessage: 'm' },
      },
      doc: {
        'ui:title': 'Documento',
        'ui:widget': 'fileImage',
        'ui:options': { accept: 'image/*', maxBytes: IMAGE_ANSWER_MAX_BYTES, sizeMessage: KEY.imageTooLarge },
      },
    });
  });
});

describe('definitions the compiler cannot honour', () => {
  const cases: [string, AttendeeField[], string][] = [
    ['rule on the wrong type', [{ id: 'a', type: 'text', label: 'A', validation: { maxSize: { value: 1, message: 'm' } } }], 'ruleNotAllowed'],
    ['select without values', [{ id: 'a', type: 'select', label: 'A' }], 'selectWithoutValues'],
    ['options on a text field', [{ id: 'a', type: 'text', label: 'A', options: { values: ['x'] } }], 'optionsNotAllowed'],
    ['invalid regex', [{ id: 'a', type: 'text', label: 'A', validation: { pattern: { value: '(', message: 'm' } } }], 'invalidPattern'],
    ['non-image MIME', [{ id: 'a', type: 'file', label: 'A', validation: { allowedFormats: { value: ['text/plain'], message: 'm' } } }], 'notImageMime'],
    ['javascript: link', [{ id: 'a', type: 'checkbox', label: 'A', placeholder: 'javascript:alert(1)' }], 'checkboxLinkInvalid'],
    ['duplicate ids', [{ id: 'a', type: 'text', label: 'A' }, { id: 'a', type: 'email', label: 'B' }], 'duplicateFieldId'],
    ['unknown type', [{ id: 'a', type: 'datetime' as AttendeeField['type'], label: 'A' }], 'unknownType'],
  ];
  it.each(cases)('%s → throws AttendeeFormDefinitionError', (_name, fields, code) => {
    try {
      compileAttendeeFields(fields);
      expect.unreachable('should have thrown');
    } catch (error) {
      expect(error).toBeInstanceOf(AttendeeFormDefinitionError);
      expect((error as AttendeeFormDefinitionError).problems.map((p) => p.code)).toContain(code);
    }
  });
});
