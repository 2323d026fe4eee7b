import { describe, expect, it } from 'vitest';
import { compileAttendeeFields } from '../../../../src/shared/attendee-form';
import { formFields, holderFields, holderFromAnswers } from '../../../../src/shared/attendee-form/holder-fields';
import type { AttendeeField } from '../../../../src/shared/event-file/event-file.types';

const field = (id: string, type: AttendeeField['type'], label: string): AttendeeField => ({ id, type, label });

/** Who a ticket's holder is from an attendee's answers: the same rule on the server's field list and the client's compiled form. */
describe('holderFields', () => {
  const fields = [field('empresa', 'text', 'Empresa'), field('curp', 'curp', 'CURP'), field('nombre_completo', 'text', 'Nombre completo'), field('correo', 'email', 'Correo'), field('otro', 'email', 'Otro correo')];

  it('takes the text field called name/nombre (else the first text field) and the first e-mail field', () => {
    expect(holderFields(fields)).toEqual({ name: 'nombre_completo', email: 'correo' });
    expect(holderFields([field('empresa', 'text', 'Empresa'), field('notas', 'textarea', 'Nombre de tu mascota')])).toEqual({ name: 'empresa' });
    expect(holderFields([field('x', 'text', 'Your name')])).toEqual({ name: 'x' });
    expect(holderFields([field('notas', 'textarea', 'Notas'), field('tel', 'telefono', 'Teléfono')])).toEqual({});
  });

  it('reads the same fields from the compiled form the browser has', () => {
    const { schema, uiSchema } = compileAttendeeFields(fields);
    expect(holderFields(formFields(schema as { properties?: Record<string, unknown> }, uiSchema as Record<string, unknown>))).toEqual({ name: 'nombre_completo', email: 'correo' });
    const plain = compileAttendeeFields([field('notas', 'textarea', 'Notas'), field('rfc', 'rfc', 'RFC')]);
    expect(holderFields(formFields(plain.schema as { properties?: Record<string, unknown> }, plain.uiSchema as Record<string, unknown>))).toEqual({});
  });

  it('gives the answered name and e-mail, trimmed; blank answers give nothing', () => {
    const holder = holderFields(fields);
    expect(holderFromAnswers(holder, { nombre_completo: '  Eva Ruiz ', correo: 'eva@example.mx' })).toEqual({ name: 'Eva Ruiz', email: 'eva@example.mx' });
    expect(holderFromAnswers(holder, { nombre_completo: '   ', correo: 3 })).toEqual({});
  });
});
