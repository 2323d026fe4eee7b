import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxBotToken } from '../../support/bot-token';
import { startServerProcess, type ServerProcess } from '../../support/server-process';
import { skipDatabase, testDialect } from '../../support/test-database';
import { buyer, createPaymentsApp, eventually, SECRET, URL_SLUG, type PaymentsTestApp } from './helpers';

/** Values no log line may carry: the buyer's and the attendees' personal data. */
const BUYER = buyer({ name: 'Berenice Quintanar', email: 'berenice.quintanar@correo-privado.mx', phone: '5587654321' });
const ATTENDEES = [
  { nombre: 'Casimiro Villaseñor', correo: 'casimiro.v@correo-privado.mx' },
  { nombre: 'Dorotea Anguiano', correo: 'dorotea.a@correo-privado.mx' },
];

/**
 * Logs go to log stores with wider access and longer life than the database: a full
 * purchase (attendee form, buyer details, payment, tickets e-mail) run by a real server
 * process at the most verbose level leaves no e-mail, name or phone in its output.
 */
describe.skipIf(skipDatabase)(`no personal data in the logs on ${testDialect}`, () => {
  let t: PaymentsTestApp;
  let server: ServerProcess;
  const send = async (method: string, path: string, payload?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method, headers: payload === undefined ? headers : { 'content-type': 'application/json', ...headers }, body: payload === undefined ? undefined : JSON.stringify(payload),
    });
    return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, any> };
  };

  beforeAll(async () => {
    t = await createPaymentsApp();
    server = await startServerProcess({ DATABASE_URL: t.databaseUrl, SIGNING_SECRET: SECRET, RATE_LIMIT_MAX: '100000', MAIL_OUTBOX_DIR: t.outbox, RETRY_INTERVAL_SECONDS: '0', LOG_LEVEL: 'trace' });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await t.close();
  });

  it('a paid purchase with attendee form and tickets e-mail logs none of the buyer or attendee data', async () => {
    const token = await sandboxBotToken(server.baseUrl);
    const held = await send('POST', '/api/payments/new-purchase', { url: URL_SLUG, token, tickets: [{ ticket_id: 1, cantidad: 2 }] });
    expect(held.status).toBe(200);
    const id = held.body.purchase_id as string;
    const keyed = { 'x-purchase-key': held.body.access_key as string };
    // A refused form first (its answers echo nowhere), then the valid one.
    expect((await send('PUT', '/api/payments/add-info-purchase', { purchase_id: id, form: { 1: [ATTENDEES[0], { nombre: ATTENDEES[1].nombre, correo: 'no-es-correo' }] } }, keyed)).status).toBe(400);
    expect((await send('PUT', '/api/payments/add-info-purchase', { purchase_id: id, form: { 1: ATTENDEES } }, keyed)).status).toBe(200);
    expect((await send('POST', '/api/payments/fintoc/create-session', { purchase_id: id, buyer_info: { ...BUYER, phone: '55' } }, keyed)).status).toBe(400);
    const session = await send('POST', '/api/payments/fintoc/create-session', { purchase_id: id, buyer_info: BUYER }, keyed);
    expect(session.status).toBe(200);
    await send('POST', `${session.body.widget_url}/approve`);
    const loader = await send('POST', '/api/payments/fintoc/loader-process', { purchase_id: id }, keyed);
    expect(loader.body.status).toBe('approved');
    await eventually(() => t.mails().some((m) => m.text.includes(id)));
    // The e-mail did go to the buyer: the data exists, only the logs must not carry it.
    expect(t.mails().find((m) => m.text.includes(id))!.text).toContain(BUYER.email);

    const output = server.output();
    expect(output).toContain(id); // the log is there, and says which purchase
    for (const secret of [BUYER.email, BUYER.name, BUYER.phone, ...ATTENDEES.flatMap((a) => [a.nombre, a.correo]), 'Quintanar', 'correo-privado']) {
      expect(output, `log output carries "${secret}"`).not.toContain(secret);
    }
  }, 60_000);
});
