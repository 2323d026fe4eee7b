import { createRequire } from 'node:module';
import standaloneCode from 'ajv/dist/standalone';
import { describe, expect, it } from 'vitest';
import {
  ATTENDEE_MESSAGE_KEYS as KEY,
  answerProblems,
  compileOrderForm,
  fileAnswerLimits,
  type OrderFormLine,
} from '../../../../src/shared/attendee-form';
import type { AttendeeField } from '../../../../src/shared/event-file/event-file.types';
import { createAjv } from '../../../../src/shared/validation/create-ajv';

const generalFields: AttendeeField[] = [
  { id: 'nombre', type: 'text', label: 'Nombre', required: true },
  { id: 'correo', type: 'email', label: 'Correo', required: true },
  { id: 'terminos', type: 'checkbox', label: 'Acepto', required: true },
];
const vipFields: AttendeeField[] = [{ id: 'talla', type: 'select', label: 'Talla', required: true, options: { values: ['M', 'G'] } }];

const lines: OrderFormLine[] = [
  { ticketId: 1, ticketName: 'General', quantity: 2, fields: generalFields },
  { ticketId: 2, ticketName: 'VIP', quantity: 1, fields: vipFields },
  { ticketId: 3, ticketName: 'Sin formulario', quantity: 4, fields: [] },
  { ticketId: 4, ticketName: 'Cero', quantity: 0, fields: generalFields },
];

const goodAnswers = {
  '1': [
    { nombre: 'Ana', correo: 'ana@example.mx', terminos: true },
    { nombre: 'Luis', correo: 'luis@example.mx', terminos: true },
  ],
  '2': [{ talla: 'G' }],
};

const ajv = createAjv();

function problems(answers: unknown, orderLines = lines) {
  const validate = ajv.compile(compileOrderForm(orderLines).schema);
  validate(answers);
  return answerProblems(validate.errors);
}

describe('compileOrderForm shape', () => {
  it('keys answers by ticket id, one array item per unit, lines without fields or units left out', () => {
    const { schema, uiSchema } = compileOrderForm(lines);
    expect(schema).toMatchObject({
      type: 'object',
      required: ['1', '2'],
      additionalProperties: false,
      properties: {
        '1': { type: 'array', title: 'General', minItems: 2, maxItems: 2, items: { type: 'object' } },
        '2': { type: 'array', title: 'VIP', minItems: 1, maxItems: 1 },
      },
    });
    expect(Object.keys(schema.properties ?? {})).toEqual(['1', '2']);
    expect(uiSchema).toMatchObject({
      'ui:order': ['1', '2'],
      '1': {
        'ui:title': 'General',
        'ui:options': { addable: false, removable: false, orderable: false, copyable: false },
        items: { 'ui:order': ['nombre', 'correo', 'terminos'], terminos: { 'ui:widget': 'checkboxLink' } },
      },
      '2': { 'ui:title': 'VIP', items: { talla: { 'ui:widget': 'select' } } },
    });
  });

  it('an order without form lines accepts only an empty object', () => {
    const none = [{ ticketId: 9, ticketName: 'X', quantity: 3, fields: [] }];
    expect(compileOrderForm(none).schema).toEqual({
      type: 'object',
      properties: {},
      additionalProperties: false,
      errorMessage: { type: KEY.invalid, additionalProperties: KEY.invalid },
    });
    expect(problems({}, none)).toEqual([]);
    expect(problems({ '9': [] }, none)).toEqual([{ pointer: '/9', message: KEY.invalid }]);
  });

  it('refuses a ticket twice or a bad quantity', () => {
    expect(() => compileOrderForm([lines[0], { ...lines[0], quantity: 1 }])).toThrow(RangeError);
    expect(() => compileOrderForm([{ ...lines[0], quantity: -1 }])).toThrow(RangeError);
    expect(() => compileOrderForm([{ ...lines[0], quantity: 1.5 }])).toThrow(RangeError);
  });
});

describe('compileOrderForm answers', () => {
  it('accepts a complete submission', () => {
    expect(problems(goodAnswers)).toEqual([]);
  });

  it('points every failure at ticket id / iteration / field id with its key', () => {
    const answers = {
      '1': [
        { nombre: 'Ana', correo: 'ana@example.mx', terminos: true },
        { nombre: '', correo: 'no-es-correo', terminos: false },
      ],
      '2': [{}],
    };
    expect(problems(answers)).toEqual(
      expect.arrayContaining([
        { pointer: '/1/1/nombre', message: KEY.required },
        { pointer: '/1/1/correo', message: KEY.email },
        { pointer: '/1/1/terminos', message: KEY.checkboxRequired },
        { pointer: '/2/0/talla', message: KEY.required },
      ]),
    );
    expect(problems(answers)).toHaveLength(4);
  });

  it('wrong number of attendees, a missing ticket or an unknown one are invalid', () => {
    expect(problems({ ...goodAnswers, '1': [goodAnswers['1'][0]] })).toEqual([{ pointer: '/1', message: KEY.invalid }]);
    expect(problems({ ...goodAnswers, '1': [...goodAnswers['1'], goodAnswers['1'][0]] })).toEqual([
      { pointer: '/1', message: KEY.invalid },
    ]);
    expect(problems({ '1': goodAnswers['1'] })).toEqual([{ pointer: '/2', message: KEY.invalid }]);
    expect(problems({ ...goodAnswers, '3': [] })).toEqual([{ pointer: '/3', message: KEY.invalid }]);
    expect(problems({ ...goodAnswers, '1': 'x' })).toEqual([{ pointer: '/1', message: KEY.invalid }]);
    expect(problems(null)).toEqual([{ pointer: '', message: KEY.invalid }]);
  });
});

describe('standalone validators (strict CSP, no eval in the browser)', () => {
  it('the compiled order form turns into standalone code that judges like the runtime validator', () => {
    const fields: AttendeeField[] = [
      ...generalFields,
      { id: 'tel', type: 'telefono', label: 'Tel' },
      { id: 'edad', type: 'number', label: 'Edad', validation: { min: { value: 18, message: 'Mayor de edad' } } },
      { id: 'curp', type: 'text', label: 'CURP', validation: { pattern: { value: '^[A-Z]{4}', message: 'CURP' } } },
      {
        id: 'foto',
        type: 'file',
        label: 'Foto',
        validation: {
          maxSize: { value: 10, message: 'Pesada' },
          allowedFormats: { value: ['image/png'], message: 'Solo PNG' },
        },
      },
    ];
    const codeAjv = createAjv({ code: { source: true } });
    const validate = codeAjv.compile(compileOrderForm([{ ticketId: 7, ticketName: 'G', quantity: 1, fields }]).schema);
    const code = standaloneCode(codeAjv, validate);
    expect(code).not.toMatch(/ajv-formats/);

    const module = { exports: {} as { default?: typeof validate } };
    new Function('require', 'module', 'exports', code)(createRequire(import.meta.url), module, module.exports);
    const standalone = module.exports.default ?? (module.exports as unknown as typeof validate);

    const samples = [
      { '7': [{ nombre: 'Ana', correo: 'ana@example.mx', terminos: true, tel: '5512345678', edad: 30, curp: 'ABCD1', foto: 'data:image/png;base64,AAAA' }] },
      { '7': [{ nombre: '', correo: 'x', terminos: false, tel: '55-12', edad: 3, curp: 'abcd', foto: 'data:image/gif;base64,AAAA' }] },
      { '7': [{ foto: `data:image/png;base64,${'A'.repeat(40)}` }] },
    ];
    for (const sample of samples) {
      validate(sample);
      standalone(sample);
      expect(answerProblems(standalone.errors)).toEqual(answerProblems(validate.errors));
    }
    expect(answerProblems(standalone.errors)).toContainEqual({ pointer: '/7/0/foto', message: 'Pesada' });
  });
});

describe('fileAnswerLimits', () => {
  it('gives the exact byte and MIME limits of a file field', () => {
    expect(
      fileAnswerLimits({
        id: 'foto',
        type: 'file',
        label: 'Foto',
        validation: {
          maxSize: { value: 2097152, message: 'm' },
          allowedFormats: { value: ['image/png', 'image/jpeg'], message: 'm' },
        },
      }),
    ).toEqual({ maxBytes: 2097152, allowedMimeTypes: ['image/png', 'image/jpeg'] });
    // Without maxSize (or above it) the ceiling applies.
    expect(fileAnswerLimits({ id: 'foto', type: 'file', label: 'Foto' })).toEqual({ maxBytes: 2 * 1024 * 1024 });
    expect(fileAnswerLimits({ id: 'foto', type: 'file', label: 'Foto', validation: { maxSize: { value: 9e9, message: 'm' } } })).toEqual({
      maxBytes: 2 * 1024 * 1024,
    });
    expect(fileAnswerLimits({ id: 'n', type: 'text', label: 'N' })).toEqual({});
  });
});
