import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase } from '../support/test-database';

const ADMIN = 'token-de-vista-previa';
const fixturePath = 'tests/fixtures/events/attendee-forms.event.json';
const source = readFileSync(fixturePath, 'utf8');
const fixture = JSON.parse(source) as { url: string; tickets: { id: number; name: string; form?: unknown[] }[] };

const post = (t: TestApp, payload: unknown, token: string | null = ADMIN, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/admin/preview', payload: payload as object, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });

describe.skipIf(skipDatabase)('POST /api/admin/preview', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ adminToken: ADMIN });
  });
  afterAll(() => t.close());

  it('answers a valid file: its ticket types, no problems, and a module with each form compiled', async () => {
    const res = await post(t, { source });
    expect(res.statusCode).toBe(200);
    const preview = body(res);
    expect(preview.problems).toEqual([]);
    expect(preview.event.tickets.map((ticket: { id: number }) => ticket.id)).toEqual(fixture.tickets.map((ticket) => ticket.id));
    expect(preview.module).toMatch(/^\/api\/admin\/preview\/modules\/[\w-]{32}\.js$/);
    const module = await t.app.inject(preview.module);
    expect(module.statusCode).toBe(200);
    expect(module.headers['content-type']).toMatch(/^text\/javascript/);
    const withForm = fixture.tickets.filter((ticket) => (ticket.form ?? []).length > 0);
    for (const ticket of withForm) expect(module.body).toContain(`export const t${ticket.id}`);
    expect(module.body).toContain('export const attendeeForms');
  });

  it('writes nothing: the previewed event does not exist afterwards', async () => {
    await post(t, { source });
    expect((await t.app.inject(`/api/event/${fixture.url}`)).statusCode).toBe(404);
  });

  it('answers a file with problems with every problem (es and en) and what still compiles', async () => {
    const broken = JSON.parse(source) as { tickets: { form?: { type: string }[]; price: unknown }[] };
    broken.tickets[0].form![0].type = 'textoo';
    broken.tickets[1].price = 'gratis';
    const res = await post(t, { source: JSON.stringify(broken) });
    expect(res.statusCode).toBe(200);
    const preview = body(res);
    const pointers = preview.problems.map((problem: { pointer: string }) => problem.pointer);
    expect(pointers).toContain('/tickets/0/form/0/type');
    expect(pointers).toContain('/tickets/1/price');
    for (const problem of preview.problems) expect(problem).toEqual({ pointer: expect.any(String), es: expect.stringMatching(/\S/), en: expect.stringMatching(/\S/) });
    const [first, second] = preview.event.tickets;
    expect(first.hasForm).toBe(false);
    expect(second.hasForm).toBe(true);
    const module = await t.app.inject(preview.module);
    expect(module.body).toContain(`export const t${fixture.tickets[1].id}`);
    expect(module.body).not.toContain(`export const t${fixture.tickets[0].id} `);
  });

  it('answers text that is not JSON as one problem with its line and column', async () => {
    const res = await post(t, { source: '{\n  "url": "x",\n  oops\n}' });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ event: null, module: null, problems: [{ pointer: '', es: expect.stringContaining('línea 3'), en: expect.stringContaining('line 3') }] });
  });

  it('refuses a missing or wrong token with 401 { mensaje, code }, in the asked language', async () => {
    const missing = await post(t, { source }, null);
    expect(missing.statusCode).toBe(401);
    expect(body(missing)).toMatchObject({ code: 'UNAUTHORIZED', mensaje: 'No autorizado. Inicia sesión nuevamente.' });
    const wrong = await post(t, { source }, 'otro', { 'accept-language': 'en' });
    expect(wrong.statusCode).toBe(401);
    expect(body(wrong)).toMatchObject({ code: 'UNAUTHORIZED', mensaje: 'Not authorised. Please sign in again.' });
  });

  it('refuses a body over the limit with 413 and a source over 5 MiB with 400, both { mensaje, code }', async () => {
    const huge = await post(t, { source: 'x'.repeat(7 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(body(huge)).toMatchObject({ code: 'BODY_TOO_LARGE', mensaje: expect.stringMatching(/\S/) });
    const long = await post(t, { source: 'x'.repeat(5 * 1024 * 1024 + 1) });
    expect(long.statusCode).toBe(400);
    expect(body(long)).toMatchObject({ code: expect.any(String), mensaje: expect.stringMatching(/\S/) });
    const wrongShape = await post(t, { file: source });
    expect(wrongShape.statusCode).toBe(400);
  });

  it('answers 404 for a module id nobody built', async () => {
    const res = await t.app.inject(`/api/admin/preview/modules/${'a'.repeat(32)}.js`);
    expect(res.statusCode).toBe(404);
    expect(body(res)).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe.skipIf(skipDatabase)('the preview without ADMIN_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ adminToken: undefined });
  });
  afterAll(() => t.close());

  it('takes operator sessions only, like the rest of the admin API: a bearer token gets 401', async () => {
    const res = await post(t, { source });
    expect(res.statusCode).toBe(401);
    expect(body(res)).toMatchObject({ code: 'UNAUTHORIZED', mensaje: expect.any(String) });
  });
});

describe.skipIf(skipDatabase)('GET /api/admin/preview/file on the running server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ adminToken: ADMIN });
  });
  afterAll(() => t.close());

  it('tells a wrong token (401) from a right one with no watched file (404), so the page knows which to ask for', async () => {
    const wrong = await t.app.inject({ url: '/api/admin/preview/file', headers: { authorization: 'Bearer otro' } });
    expect(wrong.statusCode).toBe(401);
    expect(body(wrong)).toMatchObject({ code: 'UNAUTHORIZED', mensaje: expect.any(String) });
    const right = await t.app.inject({ url: '/api/admin/preview/file', headers: { authorization: `Bearer ${ADMIN}` } });
    expect(right.statusCode).toBe(404);
    expect(body(right)).toMatchObject({ code: 'NOT_FOUND', mensaje: expect.any(String) });
  });
});
