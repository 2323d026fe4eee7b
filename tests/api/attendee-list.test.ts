import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body } from '../support/test-app';
import { skipDatabase } from '../support/test-database';
import { ATTENDEE_EVENT, seedPurchases } from './attendee-helpers';
import { admin, createCheckinApp, paidWithPayPal, URL_SLUG } from './checkin-helpers';
import type { PaymentsTestApp } from './payments/helpers';

const URL = ATTENDEE_EVENT.url;
const FORMULA_NAME = '=HYPERLINK("http://x.invalid","clic")';
const AWKWARD_NAME = 'Pérez, "El Toro"\nSegundo';

/**
 * The operators' attendee list (`GET /api/admin/events/{url}/attendees`) and its CSV / XLSX downloads: one row per
 * issued ticket with every attendee form field as a column, paged by folio, filtered; the files hold the same cells.
 */
describe.skipIf(skipDatabase)('attendee list and exports', () => {
  let t: PaymentsTestApp;
  let seeded: string[][];
  beforeAll(async () => {
    t = await createCheckinApp();
    await t.importEvent(ATTENDEE_EVENT);
    seeded = await seedPurchases(t.ctx.db.kysely, URL, [
      {
        buyer: { name: 'Ana López', email: 'ana@example.mx', phone: '5512345678' },
        tickets: [
          { type: 1, name: 'Uno', answers: { nombre: 'Uno', correo: 'uno@example.mx', talla: 'M' } },
          { type: 1, name: 'Dos', answers: { nombre: 'Dos', correo: 'dos@example.mx', talla: 'L' } },
          { type: 2, name: 'Tres', answers: { nombre: 'Tres', dieta: ['vegana', 'sin gluten'], acepta: true } },
        ],
      },
      { buyer: { name: FORMULA_NAME, email: 'toro@example.mx', phone: '+5215512345678' }, provider: 'free', tickets: [{ type: 3, name: AWKWARD_NAME }] },
      {
        buyer: { name: 'Beto Ruiz', email: 'beto@example.mx', phone: '5598765432' },
        tickets: [
          { type: 1, name: 'Beto Ruiz', answers: { nombre: 'Beto Ruiz', correo: 'beto@example.mx', talla: 'S' }, revoked: 'transferred' },
          { type: 1, name: 'Nueva Titular', answers: { nombre: 'Nueva Titular', correo: 'nueva@example.mx', talla: 'M' }, transferOf: { index: 0, email: 'nueva@example.mx' } },
        ],
      },
      { buyer: { name: 'Caro Díaz', email: 'caro@example.mx', phone: '5511111111' }, status: 'cancelled', tickets: [{ type: 2, name: 'Caro Díaz', answers: { nombre: 'Caro Díaz' }, revoked: 'organiser' }] },
      { buyer: { name: 'Borrada', email: 'borrada@example.mx', phone: '5500000000' }, status: 'cancelled', purged: true, tickets: [{ type: 1, name: 'Borrada', answers: { nombre: 'Borrada' }, revoked: 'organiser' }] },
    ]);
    const event = await t.ctx.db.kysely.selectFrom('events').select('id').where('url', '=', URL).executeTakeFirstOrThrow();
    await t.ctx.db.kysely.insertInto('checkin_devices').values({ id: 'puerta-1', event_id: event.id, list_id: 'all', name: 'Puerta 1', token_hash: 'x', created_at: '2026-11-20T00:00:00.000Z', revoked_at: null, last_sync_at: null }).execute();
    const entry = (list: string, at: string) => ({ event_id: event.id, list_id: list, ticket_id: seeded[0][0], entry_number: 1, device_id: 'puerta-1', scanned_at: at, exited_at: null, created_at: at });
    await t.ctx.db.kysely.insertInto('checkin_entries').values([entry('all', '2026-12-05T20:10:00.000Z'), entry('vip', '2026-12-05T20:05:00.000Z')]).execute();
  });
  afterAll(() => t.close());

  const list = async (query = '', headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/events/${URL}/attendees${query}`, headers: { ...admin, ...headers } });
    expect(res.statusCode, res.body).toBe(200);
    return body(res);
  };
  const download = (kind: 'csv' | 'xlsx', query = '', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/admin/events/${URL}/attendees.${kind}${query}`, headers: { ...admin, ...headers } });

  it('lists the tickets that admit, in folio order, with every form field a column and each answer in its own', async () => {
    const page = await list();
    expect(page.columnas.map((c: { id: string }) => c.id)).toEqual([
      'folio', 'ticket_type', 'seat', 'holder_name', 'holder_email', 'buyer_name', 'buyer_email', 'buyer_phone', 'reference', 'status', 'paid_at', 'payment_method', 'checked_in_at',
    ]);
    expect(page.campos).toEqual([
      { id: 'nombre', titulo: 'Nombre completo' }, { id: 'correo', titulo: 'Correo' }, { id: 'talla', titulo: 'Talla de playera' },
      { id: 'dieta', titulo: 'Dieta' }, { id: 'acepta', titulo: 'Acepto el reglamento' },
    ]);
    expect(page.siguiente).toBeNull();
    const rows = page.asistentes as Record<string, any>[];
    expect(rows.map((r) => r.folio)).toEqual(['000001', '000002', '000003', '000004', '000006']);
    expect(rows[0]).toEqual({
      boleto_id: seeded[0][0], folio: '000001', tipo: 'General', tipo_id: 1, asiento: null, titular_nombre: 'Uno', titular_email: null,
      comprador_nombre: 'Ana López', comprador_email: 'ana@example.mx', comprador_telefono: '5512345678', referencia: rows[0].referencia, estado: 'valid',
      pagado_en: '2026-11-20T18:00:00.000Z', metodo_pago: 'paypal', ingreso_en: '2026-12-05T20:05:00.000Z',
      respuestas: { nombre: 'Uno', correo: 'uno@example.mx', talla: 'M' },
    });
    expect(rows[1].respuestas).toEqual({ nombre: 'Dos', correo: 'dos@example.mx', talla: 'L' });
    expect(rows[2].respuestas).toEqual({ nombre: 'Tres', dieta: 'vegana, sin gluten', acepta: 'Sí' });
    expect(rows[3]).toMatchObject({ tipo: 'Cortesía', titular_nombre: AWKWARD_NAME, comprador_nombre: FORMULA_NAME, metodo_pago: 'free', ingreso_en: null, respuestas: {} });
    expect(rows[4]).toMatchObject({ titular_nombre: 'Nueva Titular', titular_email: 'nueva@example.mx', comprador_nombre: 'Beto Ruiz', respuestas: { nombre: 'Nueva Titular', correo: 'nueva@example.mx', talla: 'M' } });
  });

  it('titles the columns in the language asked', async () => {
    const page = await list('', { 'accept-language': 'en-US,en;q=0.9' });
    expect(page.columnas.find((c: { id: string }) => c.id === 'checked_in_at').titulo).toBe('First entry');
    expect(page.asistentes[2].respuestas.acepta).toBe('Yes');
  });

  it('reads a real purchase: its buyer, its answers by unit, its payment method; no other event\'s tickets', async () => {
    const paid = await paidWithPayPal(t, ['Ana Real', 'Luis Real']);
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/events/${URL_SLUG}/attendees`, headers: admin });
    const rows = body(res).asistentes as Record<string, any>[];
    expect(rows.map((r) => [r.titular_nombre, r.respuestas.nombre, r.respuestas.correo, r.metodo_pago, r.referencia])).toEqual([
      ['Ana Real', 'Ana Real', 'asistente0@example.mx', 'paypal', paid.id],
      ['Luis Real', 'Luis Real', 'asistente1@example.mx', 'paypal', paid.id],
    ]);
    expect((await list()).asistentes.some((r: { referencia: string }) => r.referencia === paid.id)).toBe(false);
  });

  it('pages by cursor', async () => {
    const first = await list('?limit=2');
    expect(first.asistentes.map((r: { folio: string }) => r.folio)).toEqual(['000001', '000002']);
    const second = await list(`?limit=2&cursor=${first.siguiente}`);
    expect(second.asistentes.map((r: { folio: string }) => r.folio)).toEqual(['000003', '000004']);
    const last = await list(`?limit=2&cursor=${second.siguiente}`);
    expect(last.asistentes.map((r: { folio: string }) => r.folio)).toEqual(['000006']);
    expect(last.siguiente).toBeNull();
    const tooMany = await t.app.inject({ method: 'GET', url: `/api/admin/events/${URL}/attendees?limit=201`, headers: admin });
    expect(tooMany.statusCode).toBe(400);
    expect(body(tooMany).code).toBeTruthy();
  });

  it('filters by status, ticket type and text', async () => {
    const folios = async (query: string) => (await list(query)).asistentes.map((r: { folio: string; estado: string }) => `${r.folio} ${r.estado}`);
    expect(await folios('?status=revoked')).toEqual(['000005 transferred', '000007 organiser', '000008 organiser']);
    expect(await folios('?status=all')).toHaveLength(8);
    expect(await folios('?ticket_type=2&status=all')).toEqual(['000003 valid', '000007 organiser']);
    expect(await folios('?q=NUEVA')).toEqual(['000006 valid']);
    expect(await folios('?q=toro%40example')).toEqual(['000004 valid']);
    expect(await folios('?q=000002')).toEqual(['000002 valid']);
    expect(await folios('?q=%25')).toEqual([]);
  });

  it('shows erased personal data as empty cells', async () => {
    const erased = (await list('?status=revoked')).asistentes.find((r: { folio: string }) => r.folio === '000008');
    expect(erased).toMatchObject({ titular_nombre: '', titular_email: null, comprador_nombre: '', comprador_email: '', comprador_telefono: '', respuestas: { nombre: '', correo: '', talla: '' } });
  });

  it('refuses an unknown event (404) and a caller without the token (401), for the list and both files', async () => {
    for (const path of ['attendees', 'attendees.csv', 'attendees.xlsx']) {
      const unknown = await t.app.inject({ method: 'GET', url: `/api/admin/events/no-existe/${path}`, headers: admin });
      expect(unknown.statusCode).toBe(404);
      expect(body(unknown)).toMatchObject({ code: 'EVENT_NOT_FOUND', mensaje: expect.any(String) });
      const anonymous = await t.app.inject({ method: 'GET', url: `/api/admin/events/${URL}/${path}` });
      expect(anonymous.statusCode).toBe(401);
    }
  });

  it('downloads the CSV: UTF-8 with a BOM, the same rows, quoted per RFC 4180, formulas neutralised', async () => {
    const res = await download('csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${URL}-asistentes-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = res.rawPayload.toString('utf8').slice(1);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Folio,Tipo de boleto,Asiento,Titular,Correo del titular,Comprador,Correo del comprador,Teléfono del comprador,Referencia de compra,Estado,Pagado el,Método de pago,Primer ingreso,Nombre completo,Correo,Talla de playera,Dieta,Acepto el reglamento');
    expect(lines[1]).toMatch(/^000001,General,,Uno,,Ana López,ana@example\.mx,5512345678,[0-9a-f-]+,Vigente,2026-11-20T18:00:00\.000Z,paypal,2026-12-05T20:05:00\.000Z,Uno,uno@example\.mx,M,,$/);
    expect(lines[3]).toMatch(/,Vigente,.*,Tres,,,"vegana, sin gluten",Sí$/);
    const toro = lines[4]; // its holder's line break (LF, inside quotes) does not end the record
    expect(toro).toContain(`000004,Cortesía,,"Pérez, ""El Toro""\nSegundo",,"'=HYPERLINK(""http://x.invalid"",""clic"")",toro@example.mx,'+5215512345678,`);
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(1 + 5 + 1); // header, five rows, after the last CRLF nothing
  });

  it('downloads the XLSX: read back, its cells equal the list', async () => {
    const res = await download('xlsx', '?status=all', { 'accept-language': 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="asistentes-api-asistentes-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Attendees')!;
    const cells: string[][] = [];
    sheet.eachRow((row) => cells.push(Array.from(row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
    const page = await list('?status=all', { 'accept-language': 'en' });
    const statusWords: Record<string, string> = { valid: 'Valid', transferred: 'Transferred', organiser: 'Cancelled by the organiser' };
    const expected = [
      [...page.columnas, ...page.campos].map((c: { titulo: string }) => c.titulo),
      ...page.asistentes.map((r: Record<string, any>) => [
        r.folio, r.tipo, r.asiento, r.titular_nombre, r.titular_email, r.comprador_nombre, r.comprador_email, r.comprador_telefono, r.referencia,
        statusWords[r.estado], r.pagado_en, r.metodo_pago, r.ingreso_en, ...page.campos.map((c: { id: string }) => r.respuestas[c.id]),
      ].map((v) => v ?? '')),
    ];
    expect(cells.map((row) => [...row, ...Array(expected[0].length - row.length).fill('')])).toEqual(expected);
  });
});
