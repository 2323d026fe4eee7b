import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase } from '../support/test-database';

/** The fixture with every new field type and both kinds of condition (tests/fixtures/events). */
const event = JSON.parse(readFileSync(new URL('../fixtures/events/field-types.event.json', import.meta.url), 'utf8'));
const base = { nombre: 'Ana López', nacimiento: '1990-05-17', pais: 'MX', perfil: 'Profesional' };

describe.skipIf(skipDatabase)('add-info with the new field types and conditions', () => {
  let t: TestApp;
  let purchaseId = '';
  let key = '';
  const addInfo = (answers: Record<string, unknown>[]) =>
    t.app.inject({ method: 'PUT', url: '/api/payments/add-info-purchase', payload: { purchase_id: purchaseId, form: { 1: answers } }, headers: { 'x-purchase-key': key } });
  const refusals = async (answers: Record<string, unknown>[]) => {
    const res = await addInfo(answers);
    expect(res.statusCode).toBe(400);
    return Object.fromEntries((body(res).errors as { path: string; message: string }[]).map((e) => [e.path, e.message]));
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.importEvent(event);
    const created = body(await t.app.inject({ method: 'POST', url: '/api/payments/new-purchase', payload: { url: event.url, token: await t.botToken(), tickets: [{ ticket_id: 1, cantidad: 2 }] } }));
    purchaseId = created.purchase_id;
    key = created.access_key;
  });
  afterAll(() => t.close());

  it('refuses what the compiled schema refuses: a date that does not exist, too many choices, a CURP check digit, a hidden answer', async () => {
    expect(
      await refusals([
        { ...base, nacimiento: '1990-02-30', talleres: ['Datos', 'Diseño', 'Música', 'Cocina'], curp: 'HEGG560427MVZRRL05' },
        { ...base, escuela: 'UNAM', accesible: false, necesidades: 'Rampa' },
      ]),
    ).toEqual({
      '/1/0/nacimiento': 'errors:attendee.date',
      '/1/0/talleres': 'Hay cupo para 3 talleres por persona',
      '/1/0/curp': 'errors:attendee.curpCheckDigit',
      '/1/1/escuela': 'errors:attendee.hidden',
      '/1/1/necesidades': 'errors:attendee.hidden',
    });
  });

  it('a shown conditional field is required, per attendee', async () => {
    expect(await refusals([{ ...base, perfil: 'Estudiante' }, { ...base, accesible: true }])).toEqual({
      '/1/0/escuela': 'errors:attendee.required',
      '/1/1/necesidades': 'errors:attendee.required',
    });
  });

  it('stores valid answers of every type, a multiselect as its array', async () => {
    const full = { ...base, pais: 'AR', talleres: ['Datos', 'Música'], curp: 'HEGG560427MVZRRL04', rfc: 'GODE561231GR8', perfil: 'Docente', escuela: 'UNAM', accesible: true, necesidades: 'Rampa' };
    const res = await addInfo([full, base]);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ form_completed: true });
  });
});
