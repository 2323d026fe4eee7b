import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerProblems } from '../../src/shared/attendee-form';
import fixture from './fixtures/prueba-api.event.json';
import { body, createTestApp, type TestApp } from '../support/test-app';
import { longestStallDuring } from '../support/event-loop-stall';
import { skipDatabase } from '../support/test-database';

type Validate = ((data: unknown) => boolean) & { errors?: Parameters<typeof answerProblems>[0] };

/** Loads served module code the way a browser would: as an ES module, nothing else in scope. */
async function importModule(code: string): Promise<Record<string, unknown>> {
  const file = join(mkdtempSync(join(tmpdir(), 'attendee-validators-')), 'module.mjs');
  writeFileSync(file, code);
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as Record<string, unknown>;
}

describe.skipIf(skipDatabase)('GET /api/event/{url}/attendee-validators.js', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.importEvent(fixture);
  });
  afterAll(() => t.close());

  it('serves a self-contained ES module (no require, no eval) with one validator per ticket type that has a form', async () => {
    const res = await t.app.inject('/api/event/prueba-api/attendee-validators.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).not.toMatch(/require\(|new Function|eval\(/);
    const module = await importModule(res.body);
    const withForm = fixture.tickets.filter((ticket) => (ticket.form ?? []).length > 0).map((ticket) => `t${ticket.id}`);
    expect(Object.keys(module).filter((name) => /^t\d+$/.test(name)).sort()).toEqual(withForm.sort());
    expect(typeof module.eventVersion).toBe('string');
    const forms = module.attendeeForms as Record<string, { ticketName: string; schema: { properties: object }; uiSchema: object }>;
    expect(Object.keys(forms).sort()).toEqual(withForm.map((name) => name.slice(1)).sort());
    expect(forms['1'].ticketName).toBe('General');
    expect(Object.keys(forms['1'].schema.properties)).toEqual(['nombre', 'correo']);
  });

  it('builds a large event\'s module (60 ticket types × 50 fields) off the event loop', async () => {
    const form = Array.from({ length: 50 }, (_, i) => ({ id: `campo${i}`, type: 'text', label: `Campo ${i}`, required: i % 2 === 0 }));
    const tickets = Array.from({ length: 60 }, (_, i) => ({ id: i + 1, name: `Tipo ${i + 1}`, price: 10, minimum: 1, maximum: 4, capacity: 100, form }));
    await t.importEvent({ ...fixture, url: 'grande-api', tickets, productos: [], discount_codes: [] });
    const { result: res, stallMs } = await longestStallDuring(() => t.app.inject('/api/event/grande-api/attendee-validators.js'));
    // Built on the event loop this module held it about 12 s; loose for a loaded machine's own pauses.
    expect(stallMs, 'the longest stall of the event loop, in ms').toBeLessThan(3000);
    expect(res.statusCode).toBe(200);
    const module = await importModule(res.body);
    expect(Object.keys(module.attendeeForms as object)).toHaveLength(60);
  });

  it('judges one attendee exactly like add-info: same pointers, same message keys', async () => {
    const module = await importModule((await t.app.inject('/api/event/prueba-api/attendee-validators.js')).body);
    const validate = module.t1 as Validate;
    expect(validate({ nombre: 'Ana López', correo: 'ana@example.mx' })).toBe(true);
    expect(validate({ nombre: '', correo: 'no-es-correo' })).toBe(false);
    const browser = answerProblems(validate.errors).map((p) => ({ path: `/1/0${p.pointer}`, message: p.message }));

    const { purchase_id, access_key } = body(
      await t.app.inject({ method: 'POST', url: '/api/payments/new-purchase', payload: { url: 'prueba-api', token: await t.botToken(), tickets: [{ ticket_id: 1, cantidad: 1 }] } }),
    );
    const res = await t.app.inject({ method: 'PUT', url: '/api/payments/add-info-purchase', payload: { purchase_id, form: { 1: [{ nombre: '', correo: 'no-es-correo' }] } }, headers: { 'x-purchase-key': access_key } });
    expect(res.statusCode).toBe(400);
    expect(body(res).errors).toEqual(browser);
  });

  it('answers 304 to a matching ETag and a new module after a re-import', async () => {
    const first = await t.app.inject('/api/event/prueba-api/attendee-validators.js');
    const etag = String(first.headers.etag);
    expect((await t.app.inject({ url: '/api/event/prueba-api/attendee-validators.js', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    await t.importEvent({ ...fixture, tickets: fixture.tickets.map((ticket) => (ticket.id === 1 ? { ...ticket, form: [{ id: 'alias', type: 'text', label: 'Alias', required: true }] } : ticket)) });
    const second = await t.app.inject({ url: '/api/event/prueba-api/attendee-validators.js', headers: { 'if-none-match': etag } });
    expect(second.statusCode).toBe(200);
    const module = await importModule(second.body);
    expect((module.t1 as Validate)({ alias: 'Anita' })).toBe(true);
    await t.importEvent(fixture);
  });

  it('is compressed as the browser accepts (brotli, then gzip, else plain), each encoding with its own ETag', async () => {
    const url = '/api/event/prueba-api/attendee-validators.js';
    const plain = await t.app.inject(url);
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    const gzip = await t.app.inject({ url, headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    for (const res of [plain, br, gzip]) expect(res.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const etags = [plain, br, gzip].map((res) => String(res.headers.etag));
    expect(new Set(etags).size).toBe(3);
    const revalidated = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd', 'if-none-match': etags[1] } });
    expect(revalidated.statusCode).toBe(304);
    // A plain body's ETag does not validate the brotli one (a cache must not mix them up).
    expect((await t.app.inject({ url, headers: { 'accept-encoding': 'br', 'if-none-match': etags[0] } })).statusCode).toBe(200);
  });

  it('404 with a mensaje for an unknown event', async () => {
    const res = await t.app.inject('/api/event/no-existe/attendee-validators.js');
    expect(res.statusCode).toBe(404);
    expect(body(res).code).toBe('EVENT_NOT_FOUND');
  });
});
