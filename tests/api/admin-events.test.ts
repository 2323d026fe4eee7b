import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from './fixtures/prueba-api.event.json';
import { body, createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase } from '../support/test-database';
import { createAjv } from '../../src/shared/validation/create-ajv';
import { starterEvent } from '../../src/server/cli/event-new';
import { consoleEventList } from '../../src/server/services/event-list.service';
import { eventDiff } from '../../src/server/services/event-versions.service';

const ADMIN = 'token-de-prueba-eventos';
const headers = { authorization: `Bearer ${ADMIN}` };
const pretty = (file: unknown) => `${JSON.stringify(file, null, 2)}\n`;
type File = typeof fixture;
const withTickets = (change: (ticket: File['tickets'][number]) => File['tickets'][number]): File => ({ ...fixture, tickets: fixture.tickets.map(change) });

/**
 * The console's events API: every import keeps its file as a version (CLI, HTTP, roll back), diffs of two
 * versions, a roll back the import refuses, a new event from the starter, the event file's schema for the
 * editor, and no access without the token.
 */
describe.skipIf(skipDatabase)('the console events API', () => {
  let t: TestApp;
  const get = (url: string, extra: Record<string, string> = {}) => t.app.inject({ url, headers: { ...headers, ...extra } });
  const post = (url: string, payload: object, extra: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...extra } });
  const put = (url: string, payload: object, extra: Record<string, string> = {}) => t.app.inject({ method: 'PUT', url: `/api/admin/events/${url}`, payload, headers: { ...headers, ...extra } });

  beforeAll(async () => {
    t = await createTestApp({ adminToken: ADMIN, rateLimitAdminMax: 10_000 });
  });
  afterAll(() => t.close());

  it('keeps the file of a CLI import, an HTTP import and a roll back as versions: who, when, size, the file', async () => {
    await t.importEvent({ $schema: '../schemas/event/event-file.schema.json', ...fixture });
    const renamed = { ...fixture, event: { ...fixture.event, name: 'Prueba API 2' } };
    expect((await put('prueba-api', renamed)).statusCode).toBe(200);
    const rolledBack = await post('/api/admin/events/prueba-api/rollback', { version: 1 });
    expect(rolledBack.statusCode, rolledBack.body).toBe(200);
    expect(body(rolledBack)).toMatchObject({ url: 'prueba-api', created: false, version: 3 });
    expect(body(await t.app.inject('/api/event/prueba-api')).event.name).toBe('Prueba API');

    const list = body(await get('/api/admin/events/prueba-api/versions'));
    expect(list).toMatchObject({ url: 'prueba-api', current_version: 3 });
    expect(list.versions.map((v: { version: number; by: string }) => [v.version, v.by])).toEqual([[3, 'token'], [2, 'token'], [1, 'cli']]);
    // The stored file is the file as checked, pretty-printed, without the $schema path of the file on disk.
    expect(list.versions[2]).toEqual({ version: 1, at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), by: 'cli', size: Buffer.byteLength(pretty(fixture)) });
    const second = body(await get('/api/admin/events/prueba-api/versions/2'));
    expect(second).toMatchObject({ version: 2, by: 'token', file: renamed });

    const current = await get('/api/admin/events/prueba-api/file');
    expect(current.statusCode).toBe(200);
    expect(current.headers['content-disposition']).toBeUndefined();
    expect(current.body).toBe(pretty(fixture));
    const download = await get('/api/admin/events/prueba-api/file?download=1');
    expect(download.headers['content-disposition']).toBe('attachment; filename="prueba-api.json"');
    expect(download.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(download.body)).toEqual(fixture);
    expect(body(await get('/api/admin/events/prueba-api/versions/9'))).toMatchObject({ code: 'EVENT_FILE_NOT_STORED' });
    expect((await get('/api/admin/events/no-existe/versions')).statusCode).toBe(404);
  });

  it('diffs two versions: a unified patch and its hunks, line by line', async () => {
    const res = await get('/api/admin/events/prueba-api/diff?from=1&to=2');
    expect(res.statusCode, res.body).toBe(200);
    const diff = body(res);
    expect(diff.patch).toContain('--- prueba-api v1\n+++ prueba-api v2\n');
    expect(diff.patch).toContain('\n-    "name": "Prueba API",\n+    "name": "Prueba API 2",\n');
    expect(diff.hunks).toHaveLength(1);
    const [hunk] = diff.hunks;
    expect(hunk).toMatchObject({ old_start: expect.any(Number), old_lines: 7, new_lines: 7 });
    expect(hunk.lines.filter((line: { kind: string }) => line.kind !== 'context')).toEqual([
      { kind: 'removed', text: '    "name": "Prueba API",' },
      { kind: 'added', text: '    "name": "Prueba API 2",' },
    ]);
    expect(body(await get('/api/admin/events/prueba-api/diff?from=1&to=3')).hunks).toEqual([]);
    expect((await get('/api/admin/events/prueba-api/diff?from=1')).statusCode).toBe(400);
    // More lines changed than the bound: given up with a sentence, not computed at any cost.
    await expect(eventDiff(t.ctx, 'prueba-api', 1, 2, 1)).rejects.toMatchObject({ statusCode: 422, code: 'EVENT_DIFF_TOO_LARGE' });
  });

  it('refuses a roll back that would put a capacity below what is sold or held, with the field to mark', async () => {
    await t.importEvent({ ...withTickets((x) => (x.id === 2 ? { ...x, capacity: 3 } : x)), url: 'capacidades' });
    await t.importEvent({ ...withTickets((x) => (x.id === 2 ? { ...x, capacity: 5 } : x)), url: 'capacidades' });
    const held = await t.app.inject({ method: 'POST', url: '/api/payments/new-purchase', payload: { url: 'capacidades', token: await t.botToken(), tickets: [{ ticket_id: 2, cantidad: 4 }] } });
    expect(held.statusCode, held.body).toBe(200);
    const refused = await post('/api/admin/events/capacidades/rollback', { version: 1 }, { 'accept-language': 'en' });
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toEqual({
      code: 'CAPACITY_BELOW_SOLD',
      mensaje: 'The capacity of “VIP” (3) is below what is already sold or held (4).',
      problems: [{ pointer: '/tickets/1/capacity', message: 'The capacity of “VIP” (3) is below what is already sold or held (4).' }],
    });
    expect(body(await get('/api/admin/events/capacidades/versions')).current_version).toBe(2);
  });

  it('a save (the PUT import) that fails answers every problem at its JSON pointer, in the caller’s language', async () => {
    const broken = withTickets((x) => (x.id === 1 ? { ...x, price: -5 } : x));
    const res = await put('prueba-api', broken, { 'accept-language': 'en' });
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe('EVENT_INVALID');
    expect(body(res).problems).toEqual([{ pointer: '/tickets/0/price', message: expect.stringMatching(/^must be/) }]);
  });

  it('creates an event from the starter file, shown on the storefront; the same url again is 409', async () => {
    const created = await post('/api/admin/events', { url: 'nuevo-evento', name: 'Concierto nuevo' });
    expect(created.statusCode, created.body).toBe(201);
    expect(body(created)).toMatchObject({ url: 'nuevo-evento', created: true, version: 1, tickets: 1, productos: 1 });
    const storefront = body(await t.app.inject('/api/event/nuevo-evento'));
    expect(storefront.event.name).toBe('Concierto nuevo');
    expect(storefront.tickets.map((x: { name: string }) => x.name)).toEqual(['General']);
    const { $schema: _path, ...starter } = starterEvent('nuevo-evento', 'nuevo-evento.json');
    expect(JSON.parse((await get('/api/admin/events/nuevo-evento/file')).body)).toEqual({ ...starter, event: { ...starter.event, name: 'Concierto nuevo' } });
    const again = await post('/api/admin/events', { url: 'nuevo-evento', name: 'Otro' });
    expect(again.statusCode).toBe(409);
    expect(body(again)).toMatchObject({ code: 'EVENT_EXISTS', mensaje: 'Ya existe un evento con esa url.' });
    expect(body(await t.app.inject('/api/event/nuevo-evento')).event.name).toBe('Concierto nuevo');
    expect((await post('/api/admin/events', { url: 'No Vale', name: 'x' })).statusCode).toBe(400);
  });

  it('an event imported before versions were kept says it has no stored file until its next import', async () => {
    await t.importEvent({ ...fixture, url: 'antiguo' });
    const event = await t.ctx.db.kysely.selectFrom('events').select('id').where('url', '=', 'antiguo').executeTakeFirstOrThrow();
    await t.ctx.db.kysely.deleteFrom('event_versions').where('event_id', '=', event.id).execute();
    expect(body(await get('/api/admin/events/antiguo/versions'))).toEqual({ url: 'antiguo', current_version: 1, versions: [] });
    const file = await get('/api/admin/events/antiguo/file');
    expect(file.statusCode).toBe(404);
    expect(body(file)).toMatchObject({ code: 'EVENT_FILE_NOT_STORED', mensaje: expect.stringMatching(/próxima importación/) });
    await t.importEvent({ ...fixture, url: 'antiguo' });
    expect(body(await get('/api/admin/events/antiguo/versions')).versions.map((v: { version: number }) => v.version)).toEqual([2]);
  });

  it('serves the event file schema with every $ref inlined, one document a browser validator compiles', async () => {
    const res = await get('/api/admin/event-schema');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('"$ref"');
    const schema = body(res);
    expect(schema.properties.tickets.items.properties.form.items.properties.type).toBeDefined();
    const validate = createAjv({ allErrors: true }).compile(schema);
    const { $schema: _path, ...starter } = starterEvent('uno', 'uno.json');
    expect(validate(starter)).toBe(true);
    expect(validate({ ...starter, tickets: [{ ...starter.tickets[0], price: 'gratis' }] })).toBe(false);
  });

  it('lists only the events of the caller’s scope (an operator limited to some events)', async () => {
    const all = body(await get('/api/admin/events')).events.map((e: { url: string }) => e.url);
    expect(all).toEqual(['antiguo', 'capacidades', 'nuevo-evento', 'prueba-api']);
    expect((await consoleEventList(t.ctx, ['capacidades', 'otro'])).events.map((e) => e.url)).toEqual(['capacidades']);
    expect((await consoleEventList(t.ctx, [])).events).toEqual([]);
  });

  it('refuses every route without the token (401)', async () => {
    const routes: [string, string, object?][] = [
      ['GET', '/api/admin/events'],
      ['POST', '/api/admin/events', { url: 'sin-token', name: 'x' }],
      ['GET', '/api/admin/events/prueba-api/file'],
      ['GET', '/api/admin/events/prueba-api/versions'],
      ['GET', '/api/admin/events/prueba-api/versions/1'],
      ['GET', '/api/admin/events/prueba-api/diff?from=1&to=2'],
      ['POST', '/api/admin/events/prueba-api/rollback', { version: 2 }],
      ['GET', '/api/admin/event-schema'],
    ];
    for (const [method, url, payload] of routes) {
      for (const auth of [{}, { authorization: 'Bearer otro-token' }]) {
        const res = await t.app.inject({ method: method as 'GET' | 'POST', url, payload, headers: auth });
        expect([method, url, res.statusCode]).toEqual([method, url, 401]);
        expect(body(res).code).toBe('UNAUTHORIZED');
      }
    }
    expect(body(await get('/api/admin/events/prueba-api/versions')).current_version).toBe(3);
  });
});
