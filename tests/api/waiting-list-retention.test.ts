import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from './fixtures/pagos-api.event.json';
import { body } from '../support/test-app';
import { skipDatabase, testDialect } from '../support/test-database';
import { admin, ADMIN } from './checkin-helpers';
import { createPaymentsApp, URL_SLUG, type PaymentsTestApp } from './payments/helpers';
import type { WaitingListEntryTable } from '../../src/server/db/schema';
import { keyHash } from '../../src/server/services/access-keys';
import { purgeOverWaitingEntries } from '../../src/server/services/data-retention.service';

const DAY = 86_400_000;
const ENDED_URL = 'lista-terminada';

/**
 * The addresses on the waiting lists go WAITING_LIST_RETENTION_DAYS after their entry was over (never confirmed,
 * an offer claimed or run out, the event ended), in the data-retention timer; live entries and recent ones stay,
 * and so do the rows' status and counts for the operator.
 */
describe.skipIf(skipDatabase)(`erasing waiting-list addresses past their retention on ${testDialect}`, () => {
  let t: PaymentsTestApp;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createPaymentsApp({ adminToken: ADMIN, rateLimitAdminMax: 10_000, waitingListRetentionDays: 30, waitingListIntervalSeconds: 0 });
    await t.importEvent({ ...structuredClone(fixture), waiting_list: { enabled: true } });
    // An event that ends tomorrow, written with its own offset.
    const at = (ms: number) => new Date(t.ctx.now().getTime() + ms - 6 * 3_600_000).toISOString().replace('Z', '-06:00');
    const file = structuredClone(fixture);
    await t.importEvent({ ...file, url: ENDED_URL, event: { ...file.event, starts_at: at(DAY - 3_600_000), ends_at: at(DAY) }, waiting_list: { enabled: true } });
  });
  afterAll(() => t.close());

  const db = () => t.ctx.db.kysely;
  const eventId = async (url: string) => (await t.rows('events', 'url', url))[0].id as number;
  const typeId = async (url: string, externalId: number) =>
    (await db().selectFrom('ticket_types').select('id').where('event_id', '=', await eventId(url)).where('external_id', '=', externalId).executeTakeFirstOrThrow()).id;
  /** Writes an entry as joining, confirming and offering leave it; `key` is its confirmation link's key. */
  const entry = async (name: string, url: string, status: WaitingListEntryTable['status'], extra: { purchaseId?: string; key?: string } = {}) => {
    const at = t.ctx.now().toISOString();
    ids[name] = randomUUID();
    await db().insertInto('waiting_list_entries').values({
      id: ids[name], event_id: await eventId(url), ticket_type_id: await typeId(url, 1), email: `${name}@example.mx`, lang: 'es', quantity: 2, status,
      confirm_key_hash: keyHash(extra.key ?? randomUUID()), confirmed_at: status === 'unconfirmed' ? null : at, purchase_id: extra.purchaseId ?? null,
      offered_at: extra.purchaseId ? at : null, client_key: '203.0.113.7', created_at: at,
    }).execute();
  };
  /** Writes an e-mail about the entry, as the outbox leaves it; returns its id. */
  const mail = async (name: string, status: 'sent' | 'failed' | 'dead') => {
    const id = randomUUID();
    await db().insertInto('mail_outbox').values({
      id, dedupe_key: `waiting-confirm:${ids[name]}:${randomUUID()}`, purchase_id: null, waiting_entry_id: ids[name], kind: 'waiting_confirm', attempt_id: null,
      recipient: `${name}@example.mx`, lang: 'es', status, attempts: 1, claimed_at: null, sent_at: null, error: null, message_ref: null, created_at: t.ctx.now().toISOString(),
    }).execute();
    return id;
  };
  const row = async (name: string) => (await t.rows('waiting_list_entries', 'id', ids[name]))[0];
  const recipients = async (name: string) => (await t.rows('mail_outbox', 'waiting_entry_id', ids[name])).map((m) => m.recipient);

  it('erases entries over for longer than the retention, once, however many processes purge at once; keeps live and recent ones', async () => {
    // Over now: never confirmed, an offer that runs out in 15 minutes, a waiting entry of an event ending tomorrow.
    await entry('sin-confirmar', URL_SLUG, 'unconfirmed', { key: 'clave-vieja' });
    await mail('sin-confirmar', 'sent');
    const deadMail = await mail('sin-confirmar', 'dead');
    await entry('oferta-vencida', URL_SLUG, 'offered', { purchaseId: await t.purchase([{ ticket_id: 4, cantidad: 1 }]) });
    await entry('evento-terminado', ENDED_URL, 'waiting');
    // Never over while the event runs: a waiting entry; nor one whose confirmation e-mail is still owed.
    await entry('en-fila', URL_SLUG, 'waiting');
    await entry('correo-pendiente', ENDED_URL, 'unconfirmed');
    await mail('correo-pendiente', 'failed');
    expect(await purgeOverWaitingEntries(t.ctx)).toBe(0);

    t.advance(31 * DAY);
    // Recent: joined now, re-sent its confirmation yesterday, an offer held now.
    await entry('reciente', URL_SLUG, 'unconfirmed');
    await entry('reenviado', URL_SLUG, 'unconfirmed');
    t.advance(DAY);
    await mail('reenviado', 'sent');
    await entry('oferta-viva', URL_SLUG, 'offered', { purchaseId: await t.purchase([{ ticket_id: 4, cantidad: 1 }]) });
    const before = Object.fromEntries(await Promise.all(Object.keys(ids).map(async (name) => [name, await row(name)])));

    const runs = await Promise.all([purgeOverWaitingEntries(t.ctx, { batchSize: 1 }), purgeOverWaitingEntries(t.ctx, { batchSize: 1 })]);
    expect(runs[0] + runs[1]).toBe(3);
    expect(await purgeOverWaitingEntries(t.ctx)).toBe(0);

    for (const name of ['sin-confirmar', 'oferta-vencida', 'evento-terminado']) {
      const erased = await row(name);
      expect(JSON.stringify(erased)).not.toContain(name);
      expect(erased).toMatchObject({ status: before[name].status, quantity: 2, confirmed_at: before[name].confirmed_at, purchase_id: before[name].purchase_id, client_key: '', erased_at: expect.any(String) });
    }
    expect(await recipients('sin-confirmar')).toEqual(['', '']);
    // Its dead-lettered e-mail can no longer be queued again: it has nobody to go to.
    const retry = await t.app.inject({ method: 'POST', url: `/api/admin/outbox/${deadMail}/retry`, headers: admin });
    expect([retry.statusCode, body(retry).code]).toEqual([404, 'OUTBOX_MESSAGE_NOT_FOUND']);
    for (const name of ['en-fila', 'correo-pendiente', 'reciente', 'reenviado', 'oferta-viva']) expect(await row(name)).toEqual(before[name]);
    expect(await recipients('correo-pendiente')).toEqual(['correo-pendiente@example.mx']);
    // The erased entry's confirmation link no longer places anyone in line.
    const link = await t.app.inject({ method: 'POST', url: '/api/waiting-list/confirm', payload: { key: 'clave-vieja' } });
    expect([link.statusCode, body(link).code]).toEqual([404, 'WAITING_LIST_LINK_INVALID']);
  });

  it("the operators' list still answers, an erased entry without its address", async () => {
    const res = await t.app.inject({ url: `/api/admin/events/${URL_SLUG}/waiting-list`, headers: admin });
    expect(res.statusCode, res.body).toBe(200);
    const entries = body(res).entries as { id: string; email: string | null; erased_at: string | null; state: string; quantity: number }[];
    const byId = new Map(entries.map((e) => [e.id, e]));
    expect(byId.get(ids['sin-confirmar'])).toMatchObject({ email: null, erased_at: expect.any(String), state: 'unconfirmed', quantity: 2 });
    expect(byId.get(ids['oferta-vencida'])).toMatchObject({ email: null, erased_at: expect.any(String), state: 'lapsed', quantity: 2 });
    expect(byId.get(ids['en-fila'])).toMatchObject({ email: 'en-fila@example.mx', erased_at: null, state: 'waiting' });
    expect(byId.get(ids['oferta-viva'])).toMatchObject({ email: 'oferta-viva@example.mx', erased_at: null, state: 'offered' });
  });
});
