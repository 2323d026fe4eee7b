import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from './fixtures/prueba-api.event.json';
import { body, createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase } from '../support/test-database';

const PNG_1x1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** The fixture plus a ticket type whose form has a file field (PNG only, 200 bytes at most). */
const withPhoto = {
  ...fixture,
  tickets: [
    ...fixture.tickets,
    {
      id: 6, name: 'Con foto', price: 10, minimum: 1, maximum: 5, capacity: 50,
      form: [
        { id: 'foto', type: 'file', label: 'Foto', required: true, validation: {
          maxSize: { value: 200, message: 'La foto pesa demasiado.' },
          allowedFormats: { value: ['image/png'], message: 'Solo PNG.' } } },
      ],
    },
  ],
};

describe.skipIf(skipDatabase)('PUT /api/payments/add-info-purchase', () => {
  let t: TestApp;
  const keys = new Map<string, string>();
  const create = async (tickets: { ticket_id: number; cantidad: number }[]) => {
    const created = body(await t.app.inject({ method: 'POST', url: '/api/payments/new-purchase', payload: { url: 'prueba-api', token: await t.botToken(), tickets } }));
    keys.set(created.purchase_id, created.access_key);
    return created.purchase_id as string;
  };
  const addInfo = (purchase_id: string, form: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/payments/add-info-purchase', payload: { purchase_id, form }, headers: { 'x-purchase-key': keys.get(purchase_id) ?? '' } });

  beforeAll(async () => {
    t = await createTestApp();
    await t.importEvent(withPhoto);
  });
  afterAll(() => t.close());

  it('stores valid answers keyed by ticket id and iteration, and marks the form completed', async () => {
    const id = await create([{ ticket_id: 1, cantidad: 2 }]);
    const form = { 1: [{ nombre: 'Ana López', correo: 'ana@example.mx' }, { nombre: 'Luis Pérez', correo: 'luis@example.mx' }] };
    const res = await addInfo(id, form);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ purchase_id: id, form_completed: true });
    expect(body(await t.app.inject({ url: `/api/payments/purchase/${id}`, headers: { 'x-purchase-key': keys.get(id)! } })).reload.form_completed).toBe(true);
  });

  it('refuses what the browser would refuse, with per-field errors and the same message keys', async () => {
    const id = await create([{ ticket_id: 1, cantidad: 2 }]);
    const res = await addInfo(id, { 1: [{ nombre: '', correo: 'no-es-correo' }, { correo: 'luis@example.mx' }] });
    expect(res.statusCode).toBe(400);
    const data = body(res);
    expect(data.mensaje).toBe('Algún campo tiene error, verifica.');
    const byPath = Object.fromEntries((data.errors as { path: string; message: string }[]).map((e) => [e.path, e.message]));
    expect(byPath['/1/0/nombre']).toBe('errors:attendee.required');
    expect(byPath['/1/0/correo']).toBe('errors:attendee.email');
    expect(byPath['/1/1/nombre']).toBe('errors:attendee.required');
  });

  it('refuses a wrong number of attendee blocks', async () => {
    const id = await create([{ ticket_id: 1, cantidad: 2 }]);
    expect((await addInfo(id, { 1: [{ nombre: 'Ana', correo: 'ana@example.mx' }] })).statusCode).toBe(400);
  });

  it('re-checks file answers by their bytes: magic number, allowed type, decoded size', async () => {
    const id = await create([{ ticket_id: 6, cantidad: 1 }]);
    const errorsOf = async (foto: string) => {
      const res = await addInfo(id, { 6: [{ foto }] });
      return res.statusCode === 200 ? 'ok' : (body(res).errors as { message: string }[])[0].message;
    };
    // Declared as PNG but the bytes are text.
    expect(await errorsOf(`data:image/png;base64,${Buffer.from('hola, no soy imagen').toString('base64')}`)).toBe('errors:attendee.invalidImage');
    // A real GIF declared as PNG: allowed formats are checked on the real type.
    expect(await errorsOf(`data:image/png;base64,${Buffer.from('R0lGODlhAQABAAAAACw=', 'base64').toString('base64')}`)).toBe('Solo PNG.');
    // A real PNG over 200 bytes.
    const big = Buffer.concat([Buffer.from(PNG_1x1, 'base64'), Buffer.alloc(300)]).toString('base64');
    expect(await errorsOf(`data:image/png;base64,${big}`)).toBe('La foto pesa demasiado.');
    expect(await errorsOf('no es data url')).toBe('errors:attendee.invalidImage');
    expect(await errorsOf(`data:image/png;base64,${PNG_1x1}`)).toBe('ok');
  });

  it('refuses a 100,000-character name with 400 and the tooLong key (text answers have a default cap)', async () => {
    const id = await create([{ ticket_id: 1, cantidad: 1 }]);
    const res = await addInfo(id, { 1: [{ nombre: 'a'.repeat(100_000), correo: 'ana@example.mx' }] });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ mensaje: 'Algún campo tiene error, verifica.', code: 'FORM_INVALID' });
    expect(body(res).errors).toEqual([{ path: '/1/0/nombre', message: 'errors:attendee.tooLong' }]);
  });

  it('refuses a purchase whose answers weigh more than the per-purchase total (11 MB text), with 413 and { mensaje, code }', async () => {
    const id = await create([{ ticket_id: 1, cantidad: 1 }]);
    const res = await addInfo(id, { 1: [{ nombre: 'a'.repeat(11 * 1024 * 1024), correo: 'ana@example.mx' }] });
    expect(res.statusCode).toBe(413);
    expect(body(res)).toMatchObject({ code: 'BODY_TOO_LARGE' });
    expect(body(res).mensaje).toMatch(/\S/);
  });

  it('an image answer must parse as an image: magic bytes followed by junk are refused', async () => {
    const id = await create([{ ticket_id: 6, cantidad: 1 }]);
    const junk = Buffer.concat([Buffer.from(PNG_1x1, 'base64').subarray(0, 8), Buffer.alloc(100, 0x41)]).toString('base64');
    const res = await addInfo(id, { 6: [{ foto: `data:image/png;base64,${junk}` }] });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toEqual([{ path: '/6/0/foto', message: 'errors:attendee.invalidImage' }]);
    // A PNG whose header says 0 × 0 pixels is not an image either.
    const zero = Buffer.from(PNG_1x1, 'base64');
    zero.writeUInt32BE(0, 16);
    expect(body(await addInfo(id, { 6: [{ foto: `data:image/png;base64,${zero.toString('base64')}` }] })).errors).toEqual([
      { path: '/6/0/foto', message: 'errors:attendee.invalidImage' },
    ]);
  });

  it('answers 409 when the order has no attendee form, and 410 after the hold expired', async () => {
    const noForm = await create([{ ticket_id: 2, cantidad: 1 }]);
    expect((await addInfo(noForm, {})).statusCode).toBe(409);
    const id = await create([{ ticket_id: 1, cantidad: 1 }]);
    t.advance(16 * 60_000);
    expect((await addInfo(id, { 1: [{ nombre: 'Ana', correo: 'ana@example.mx' }] })).statusCode).toBe(410);
  });
});
