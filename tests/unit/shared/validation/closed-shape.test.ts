import { describe, expect, it } from 'vitest';
import { compileOrderForm } from '../../../../src/shared/attendee-form';
import type { AttendeeField } from '../../../../src/shared/event-file/event-file.types';
import { oversizedShape } from '../../../../src/shared/validation/closed-shape';

const fields: AttendeeField[] = [
  { id: 'nombre', type: 'text', label: 'Nombre', required: true },
  { id: 'talleres', type: 'multiselect', label: 'Talleres', options: { values: ['a', 'b', 'c'] }, validation: { maxChoices: { value: 2, message: 'Dos a lo más' } } },
];
const { schema } = compileOrderForm([{ ticketId: 1, ticketName: 'General', quantity: 2, fields }]);

describe('oversizedShape', () => {
  it('points at the first unknown key of an object with more keys than its closed schema declares', () => {
    const block = { nombre: 'Ana', talleres: [], extra: 1, otra: 2 };
    expect(oversizedShape(schema, { 1: [{ nombre: 'Ana' }, block] })).toMatchObject({ pointer: '/1/1/extra', message: 'errors:attendee.invalid' });
    expect(oversizedShape(schema, { 1: [], 2: [] })).toEqual({
      keyword: 'additionalProperties', instancePath: '', params: { additionalProperty: '2' }, pointer: '/2', message: 'errors:attendee.invalid',
    });
  });

  it('refuses more attendee blocks than the order holds, but leaves an answer\'s own list to its field check', () => {
    expect(oversizedShape(schema, { 1: [{}, {}, {}] })).toMatchObject({ pointer: '/1', message: 'errors:attendee.invalid' });
    expect(oversizedShape(schema, { 1: [{ nombre: 'Ana', talleres: ['a', 'b', 'c'] }, {}] })).toBeNull();
  });

  it('follows a $ref to a registered schema', () => {
    const line = { type: 'object', additionalProperties: false, properties: { id: { type: 'integer' } } };
    const request = { type: 'object', properties: { lines: { type: 'array', maxItems: 2, items: { $ref: 'line' } } } };
    const resolve = (ref: string) => (ref === 'line' ? line : undefined);
    expect(oversizedShape(request, { lines: [{ id: 1 }, { id: 2, x: 1 }] }, resolve)).toMatchObject({ pointer: '/lines/1/x' });
    expect(oversizedShape(request, { lines: [{}, {}, {}] }, resolve)).toMatchObject({ keyword: 'maxItems', params: { limit: 2 }, pointer: '/lines' });
  });

  it('passes data of sane shape, even with one unknown key among fewer answers (ajv reports that one with the rest)', () => {
    expect(oversizedShape(schema, { 1: [{ nombre: 'Ana' }, { extra: 1 }] })).toBeNull();
    expect(oversizedShape(schema, 'not an object')).toBeNull();
  });
});
