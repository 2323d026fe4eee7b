import { createAjv } from '../../../src/shared/validation/create-ajv';
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { SchemaFormState } from '../../../renderers/state/SchemaFormState';
import { createPrecompiledValidator } from '../../../renderers/validator/createPrecompiledValidator';
import { pointerSegments, problemsToErrorList, problemsToErrorSchema } from '../../../renderers/validator/problemsToErrorSchema';
import { answerProblems } from '../../../src/shared/attendee-form';
import { compileAttendeeFields } from '../../../src/shared/attendee-form';
import type { SchemaValidateFunction } from '../../../src/shared/forms';

const { schema } = compileAttendeeFields([
  { id: 'nombre', type: 'text', label: 'Nombre', required: true },
  { id: 'correo', type: 'email', label: 'Correo', required: true },
  { id: 'foto', type: 'file', label: 'Foto' },
]);
const validate = createAjv().compile(schema) as SchemaValidateFunction;
const problemsOf = (data: unknown) => (validate(data ?? {}) ? [] : answerProblems(validate.errors));

describe('problems → rjsf errors', () => {
  it('builds the ErrorSchema from pointers (never from dotted paths)', () => {
    expect(pointerSegments('/a~1b/0/c.d')).toEqual(['a/b', '0', 'c.d']);
    expect(problemsToErrorSchema([{ pointer: '/correo', message: 'm1' }, { pointer: '/correo', message: 'm2' }, { pointer: '/x.y', message: 'm3' }, { pointer: '', message: 'root' }])).toEqual({
      correo: { __errors: ['m1', 'm2'] },
      'x.y': { __errors: ['m3'] },
      __errors: ['root'],
    });
    expect(problemsToErrorList([{ pointer: '/correo', message: 'm1' }])).toEqual([
      { name: 'errorMessage', property: '.correo', message: 'm1', stack: '.correo m1', params: {}, schemaPath: '' },
    ]);
  });
});

describe('createPrecompiledValidator', () => {
  const validator = createPrecompiledValidator<Record<string, unknown>>(validate, schema as RJSFSchema, problemsOf);

  it('validates form data into rjsf errors with the same keys', () => {
    const result = validator.validateFormData({ nombre: '', correo: 'x' }, schema as RJSFSchema);
    expect(result.errorSchema).toEqual({ nombre: { __errors: ['errors:attendee.required'] }, correo: { __errors: ['errors:attendee.email'] } });
    expect(result.errors.map((error) => error.property)).toEqual(['.nombre', '.correo']);
    expect(validator.validateFormData({ nombre: 'Ana', correo: 'ana@example.mx' }, schema as RJSFSchema).errors).toEqual([]);
  });

  it('merges customValidate errors', () => {
    const result = validator.validateFormData({ nombre: 'Ana', correo: 'ana@example.mx' }, schema as RJSFSchema, (_data, errors) => {
      errors.nombre?.addError('custom');
      return errors;
    });
    expect((result.errorSchema as Record<string, unknown>).nombre).toEqual({ __errors: ['custom'] });
    expect(result.errors.map((error) => error.stack)).toEqual(['.nombre custom']);
  });

  it('isValid answers for the root schema only', () => {
    expect(validator.isValid(schema as RJSFSchema, { nombre: 'Ana', correo: 'ana@example.mx' }, schema as RJSFSchema)).toBe(true);
    expect(validator.isValid(JSON.parse(JSON.stringify(schema)) as RJSFSchema, {}, schema as RJSFSchema)).toBe(false);
    expect(() => validator.isValid({ type: 'string' }, {}, schema as RJSFSchema)).toThrow(/root schema only/);
  });
});

describe('SchemaFormState', () => {
  const state = () => new SchemaFormState<Record<string, unknown>>(problemsOf, {}, 'a1-0');

  it('maps rjsf ids to pointers', () => {
    const s = state();
    expect(s.pointerOfId('a1-0.nombre')).toBe('/nombre');
    expect(s.pointerOfId('a1-0.genero_musical')).toBe('/genero_musical');
    expect(s.pointerOfId('a1-0')).toBe('');
  });

  it('shows a field’s errors once touched, all of them once submitted', () => {
    const s = state();
    expect(s.hasErrors).toBe(true);
    expect(s.isShown('/nombre')).toBe(false);
    s.touch('/nombre');
    expect(s.isShown('/nombre')).toBe(true);
    expect(s.isShown('/correo')).toBe(false);
    s.markSubmitted();
    expect(s.isShown('/correo')).toBe(true);
    expect(s.firstMessageAt('/nombre')).toBe('errors:attendee.required');
  });

  it('a widget problem comes first and blocks; clearing it leaves the schema’s', () => {
    const s = state();
    s.setFormData({ nombre: 'Ana', correo: 'ana@example.mx' });
    expect(s.hasErrors).toBe(false);
    s.setWidgetProblem('/foto', 'errors:attendee.invalidImage');
    expect(s.hasErrors).toBe(true);
    expect(s.problems[0]).toEqual({ pointer: '/foto', message: 'errors:attendee.invalidImage' });
    s.setWidgetProblem('/foto', null);
    expect(s.hasErrors).toBe(false);
  });

  it('server problems show at once and go when their field changes', () => {
    const s = state();
    s.setFormData({ nombre: 'Ana', correo: 'ana@example.mx' });
    s.setServerProblems([{ pointer: '/correo', message: 'errors:attendee.email' }, { pointer: '/nombre', message: 'Otro' }]);
    expect(s.isShown('/correo')).toBe(true);
    expect(s.hasErrors).toBe(true);
    s.setFormData({ nombre: 'Ana', correo: 'ana@otro.mx' });
    expect(s.serverProblems).toEqual([{ pointer: '/nombre', message: 'Otro' }]);
    s.reset();
    expect(s.serverProblems).toEqual([]);
    expect(s.submitted).toBe(false);
  });
});

describe('large answers (images) are kept by reference', () => {
  const photoSchema = compileAttendeeFields([
    { id: 'nombre', type: 'text', label: 'Nombre', required: true },
    {
      id: 'foto',
      type: 'file',
      label: 'Foto',
      required: true,
      validation: { maxSize: { value: 10_000, message: 'Muy pesada' }, allowedFormats: { value: ['image/png'], message: 'Solo PNG' } },
    },
  ]).schema;
  const validatePhoto = createAjv().compile(photoSchema) as SchemaValidateFunction;
  const bigPng = `data:image/png;base64,${'A'.repeat(8_000)}`; // ~6 KB: allowed
  const hugePng = `data:image/png;base64,${'A'.repeat(20_000)}`; // ~15 KB: over 10 000 bytes

  it('rjsf sees a short handle, the page the real value; the image is judged once per value', () => {
    const seen: number[] = [];
    const problemsOf = (data: Record<string, unknown>) => {
      seen.push(typeof data.foto === 'string' ? data.foto.length : 0);
      return validatePhoto(data) ? [] : answerProblems(validatePhoto.errors);
    };
    const s = new SchemaFormState<Record<string, unknown>>(problemsOf, { nombre: 'A', foto: bigPng }, 'b');
    expect(String(s.formData.foto).length).toBeLessThan(20);
    expect(s.data.foto).toBe(bigPng);
    expect(s.problems).toEqual([]);
    seen.length = 0;
    for (const nombre of ['An', 'Ana', 'Ana L']) {
      s.setFormData({ ...s.formData, nombre });
      expect(s.problems).toEqual([]);
    }
    // Typing elsewhere never validates the megabytes again.
    expect(Math.max(...seen)).toBeLessThan(100);
  });

  it('a replaced image is judged again; its problems are the same as without handles', () => {
    const problemsOf = (data: Record<string, unknown>) => (validatePhoto(data) ? [] : answerProblems(validatePhoto.errors));
    const s = new SchemaFormState<Record<string, unknown>>(problemsOf, { nombre: 'Ana' }, 'b');
    expect(s.problems).toEqual([{ pointer: '/foto', message: 'errors:attendee.required' }]);
    s.setFormData({ nombre: 'Ana', foto: s.largeValues.intern(hugePng) });
    expect(s.problems).toEqual(problemsOf({ nombre: 'Ana', foto: hugePng }));
    expect(s.problems).toEqual([{ pointer: '/foto', message: 'Muy pesada' }]);
    s.setFormData({ nombre: '', foto: s.largeValues.intern(bigPng) });
    expect(s.problems).toEqual([{ pointer: '/nombre', message: 'errors:attendee.required' }]);
    expect(s.data).toEqual({ nombre: '', foto: bigPng });
  });
});
