import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body } from '../support/test-app';
import { skipDatabase } from '../support/test-database';
import fixture from './fixtures/pagos-api.event.json';
import { admin, createCheckinApp, pairDevice, paidWithPayPal, sendScans, URL_SLUG, type TestScan } from './checkin-helpers';
import type { PaymentsTestApp } from './payments/helpers';

/**
 * The door: devices paired by the organiser sync their list and send scans; every verdict, idempotency
 * by nonce, one admission when two devices send the same ticket at once, re-entry, offline conflicts,
 * search, revoked devices and the organiser's counts.
 */
describe.skipIf(skipDatabase)('door check-in API', () => {
  let t: PaymentsTestApp;
  let nonce = 0;
  const next = () => `nonce-${String(++nonce).padStart(6, '0')}`;
  const device = (list: string, name: string) => pairDevice(t, list, name);
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const scan = (token: string, scans: TestScan[]) => sendScans(t, token, scans, next);
  let puerta: { device_id: string; token: string; url: string };
  let puertaB: { device_id: string; token: string; url: string };

  beforeAll(async () => {
    t = await createCheckinApp();
    await t.importEvent({
      ...fixture,
      checkin_lists: [
        { id: 'general', name: 'General', ticket_types: [1], allow_reentry: true },
        { id: 'platea', name: 'Platea', ticket_types: [2] },
        { id: 'manana', name: 'Mañana', ticket_types: [1], opens_at: '2099-01-01T00:00:00-06:00' },
        { id: 'ayer', name: 'Ayer', ticket_types: [1], closes_at: '2001-01-01T00:00:00-06:00' },
        { id: 'una', name: 'Una entrada', ticket_types: [1] },
      ],
    });
    puerta = await device('general', 'Puerta A');
    puertaB = await device('general', 'Puerta B');
  });
  afterAll(() => t.close());

  it('pairs a device: the token only after # in the url; an unknown list is 404 with mensaje and code', async () => {
    expect(puerta.url).toBe(`${t.baseUrl.replace('127.0.0.1', 'localhost')}/checkin#${puerta.token}`);
    const rows = await t.rows('checkin_devices', 'id', puerta.device_id);
    expect(rows[0].token_hash).not.toContain(puerta.token);
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/events/${URL_SLUG}/checkin-devices`, headers: admin, payload: { list: 'nope', name: 'x' } });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toMatchObject({ code: 'CHECKIN_LIST_NOT_FOUND', mensaje: expect.any(String) });
  });

  it('sync: the list, the public keys, its tickets with holder and state, a cursor that sends only what changed', async () => {
    const paid = await paidWithPayPal(t, ['Łukasz Dvořák', 'Xōchitl Pérez']);
    const first = body(await t.app.inject({ url: '/api/checkin/sync', headers: as(puerta.token) }));
    expect(first.list).toMatchObject({ id: 'general', ticket_types: [1], allow_reentry: true });
    expect(first.keys).toEqual([{ key_id: 1, public_key: expect.any(String) }]);
    const mine = first.tickets.filter((x: { id: string }) => paid.tickets.some((p) => p.id === x.id));
    expect(mine.map((x: { holder: string }) => x.holder).sort()).toEqual(['Xōchitl Pérez', 'Łukasz Dvořák'].sort());
    expect(mine[0]).toMatchObject({ type: 1, type_name: 'General', checked_in: false, legacy_code: null, folio: expect.stringMatching(/^\d{6}$/) });
    expect(first.more).toBe(false);
    // Nothing new since: the next sync answers no tickets issued before the cursor's overlap.
    const second = body(await t.app.inject({ url: `/api/checkin/sync?since=${first.cursor}`, headers: as(puerta.token) }));
    expect(second.tickets.filter((x: { id: string }) => !paid.tickets.some((p) => p.id === x.id))).toEqual([]);
    const bad = await t.app.inject({ url: '/api/checkin/sync?since=nonsense', headers: as(puerta.token) });
    expect(bad.statusCode).toBe(400);
    expect(body(bad)).toMatchObject({ code: 'CHECKIN_CURSOR_INVALID' });
  });

  it('sync is compressed as the phone accepts (brotli, then gzip, else plain): the same list in fewer bytes', async () => {
    // A list past the 1 KiB below which an answer is sent plain.
    await paidWithPayPal(t, Array.from({ length: 8 }, (_, i) => `Asistente ${i + 1}`));
    const plain = await t.app.inject({ url: '/api/checkin/sync', headers: as(puerta.token) });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const list = body(plain);
    const gzip = await t.app.inject({ url: '/api/checkin/sync', headers: { ...as(puerta.token), 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect({ ...JSON.parse(gunzipSync(gzip.rawPayload).toString()), cursor: list.cursor }).toEqual(list);
    const br = await t.app.inject({ url: '/api/checkin/sync', headers: { ...as(puerta.token), 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect({ ...JSON.parse(brotliDecompressSync(br.rawPayload).toString()), cursor: list.cursor }).toEqual(list);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });

  it('verdicts: ok, already_used with the first entry, unknown, wrong_list, not_open, closed, revoked', async () => {
    const paid = await paidWithPayPal(t);
    const [a, b] = paid.tickets.map((x) => x.qr_secret as string);
    const [ok] = await scan(puerta.token, [{ code: a }]);
    expect(ok).toMatchObject({ verdict: 'ok', ticket: { id: paid.tickets[0].id, checked_in: true } });
    const [used] = await scan(puertaB.token, [{ code: a }]);
    expect(used).toMatchObject({ verdict: 'already_used', first_entry: { device: 'Puerta A', at: expect.any(String) } });
    expect((await scan(puerta.token, [{ code: 'NOT-A-CODE' }]))[0].verdict).toBe('unknown');
    // A signed code with one character changed does not verify.
    const forged = `${a.slice(0, 30)}${a[30] === 'A' ? 'B' : 'A'}${a.slice(31)}`;
    expect((await scan(puerta.token, [{ code: forged }]))[0].verdict).toBe('unknown');
    expect((await scan((await device('platea', 'Platea')).token, [{ code: b }]))[0].verdict).toBe('wrong_list');
    expect((await scan((await device('manana', 'Mañana')).token, [{ code: b }]))[0].verdict).toBe('not_open');
    expect((await scan((await device('ayer', 'Ayer')).token, [{ code: b }]))[0].verdict).toBe('closed');
    const cancelled = await t.app.inject({ method: 'POST', url: `/api/admin/purchases/${paid.id}/cancel`, headers: admin, payload: { refund: false, reason: 'prueba' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await scan(puerta.token, [{ code: b }]))[0]).toMatchObject({ verdict: 'revoked', revoked_reason: 'organiser' });
    const sync = body(await t.app.inject({ url: '/api/checkin/sync', headers: as(puertaB.token) }));
    expect(sync.revocations).toEqual(expect.arrayContaining([{ ticket_id: paid.tickets[1].id, reason: 'organiser' }]));
  });

  it('a re-sent batch answers the same (idempotent by nonce); a folio typed by hand and an old random secret are found', async () => {
    const paid = await paidWithPayPal(t);
    const batch = [{ nonce: next(), code: paid.tickets[0].qr_secret }, { nonce: next(), code: String(paid.tickets[1].folio) }];
    const first = await scan(puerta.token, batch);
    expect(first.map((r) => r.verdict)).toEqual(['ok', 'ok']);
    expect(await scan(puerta.token, batch)).toEqual(first);
    expect(await t.rows('checkin_entries', 'ticket_id', paid.tickets[0].id)).toHaveLength(1);
    // A ticket issued before signed codes: its QR is a random secret, found online.
    const old = await paidWithPayPal(t, ['Ana López']);
    await t.ctx.db.kysely.updateTable('tickets').set({ qr_secret: 'viejo-secreto-aleatorio-0001' }).where('id', '=', old.tickets[0].id).execute();
    const [legacy] = await scan(puerta.token, [{ code: 'viejo-secreto-aleatorio-0001' }]);
    expect(legacy).toMatchObject({ verdict: 'ok', ticket: { legacy_code: 'viejo-secreto-aleatorio-0001' } });
  });

  it('two devices sending the same tickets at the same moment: each admitted once', async () => {
    const paid = await paidWithPayPal(t, ['A', 'B', 'C', 'D']);
    const codes = paid.tickets.map((x) => ({ code: x.qr_secret as string }));
    const [one, two] = await Promise.all([scan(puerta.token, codes), scan(puertaB.token, codes)]);
    for (let i = 0; i < codes.length; i += 1) {
      expect([one[i].verdict, two[i].verdict].sort()).toEqual(['already_used', 'ok']);
      expect(await t.rows('checkin_entries', 'ticket_id', paid.tickets[i].id)).toHaveLength(1);
    }
  });

  it('re-entry after an out scan on an allow_reentry list; once only on a list without it; an offline second entry is a conflict', async () => {
    const paid = await paidWithPayPal(t, ['Ana López']);
    const code = paid.tickets[0].qr_secret as string;
    expect((await scan(puerta.token, [{ code }]))[0].verdict).toBe('ok');
    expect((await scan(puerta.token, [{ code }]))[0].verdict).toBe('already_used');
    expect((await scan(puerta.token, [{ code, direction: 'out' }]))[0].verdict).toBe('ok');
    expect((await scan(puertaB.token, [{ code }]))[0].verdict).toBe('ok');
    expect(await t.rows('checkin_entries', 'ticket_id', paid.tickets[0].id)).toHaveLength(2);

    const una = await device('una', 'Una');
    const offline = await device('una', 'Sin señal');
    expect((await scan(una.token, [{ code }]))[0].verdict).toBe('ok');
    expect((await scan(una.token, [{ code, direction: 'out' }]))[0].verdict).toBe('ok');
    expect((await scan(una.token, [{ code }]))[0].verdict).toBe('already_used');
    // A device without signal let the same ticket in ten minutes ago and uploads it now: its time is kept, the operator sees a conflict.
    const tenMinutesAgo = new Date(Date.now() - 600_000).toISOString();
    const [late] = await scan(offline.token, [{ code, scanned_at: tenMinutesAgo }]);
    expect(late).toMatchObject({ verdict: 'already_used', first_entry: { device: 'Una' } });
    expect(await t.rows('checkin_conflicts', 'device_id', offline.device_id)).toMatchObject([{ ticket_id: paid.tickets[0].id, scanned_at: tenMinutesAgo }]);
    const report = body(await t.app.inject({ url: `/api/admin/events/${URL_SLUG}/checkin`, headers: admin }));
    expect(report.lists.find((l: { id: string }) => l.id === 'una')).toMatchObject({ conflicts: 1, types: [{ ticket_type: 1, name: 'General', admitted: 1, total: expect.any(Number) }] });
    expect(report.devices).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Puerta A', list: 'general', revoked: false, last_sync_at: expect.any(String) })]));
  });

  it('search by folio or holder name, bounded', async () => {
    const paid = await paidWithPayPal(t, ['Zacarías Buscable']);
    const byName = body(await t.app.inject({ url: `/api/checkin/search?q=${encodeURIComponent('zacarías')}`, headers: as(puerta.token) }));
    expect(byName.tickets.map((x: { id: string }) => x.id)).toEqual([paid.tickets[0].id]);
    const byFolio = body(await t.app.inject({ url: `/api/checkin/search?q=${paid.tickets[0].folio}`, headers: as(puerta.token) }));
    expect(byFolio.tickets.map((x: { id: string }) => x.id)).toContain(paid.tickets[0].id);
    expect((await t.app.inject({ url: `/api/checkin/search?q=${'x'.repeat(101)}`, headers: as(puerta.token) })).statusCode).toBe(400);
  });

  it('a revoked device syncs and scans nothing (401 with mensaje and code); a batch over 200 scans is refused', async () => {
    const gone = await device('general', 'Perdido');
    expect((await t.app.inject({ url: '/api/checkin/sync', headers: as(gone.token) })).statusCode).toBe(200);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/events/${URL_SLUG}/checkin-devices/${gone.device_id}`, headers: admin });
    expect(del.statusCode).toBe(204);
    for (const res of [
      await t.app.inject({ url: '/api/checkin/sync', headers: as(gone.token) }),
      await t.app.inject({ method: 'POST', url: '/api/checkin/scans', headers: as(gone.token), payload: { scans: [{ nonce: next(), code: 'x', scanned_at: new Date().toISOString() }] } }),
      await t.app.inject({ url: '/api/checkin/sync', headers: as('made-up') }),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(body(res)).toMatchObject({ code: 'CHECKIN_DEVICE_UNAUTHORIZED', mensaje: expect.any(String) });
    }
    const many = Array.from({ length: 201 }, () => ({ nonce: next(), code: 'x', scanned_at: new Date().toISOString() }));
    const res = await t.app.inject({ method: 'POST', url: '/api/checkin/scans', headers: as(puerta.token), payload: { scans: many } });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ mensaje: expect.any(String), code: expect.any(String) });
  });
});
