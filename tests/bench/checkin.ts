import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../../src/server/app';
import { ticketSigner } from '../../src/server/checkin/event-keys';
import { createCheckinDevice } from '../../src/server/checkin/devices';
import { readConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import { importEvent } from '../../src/server/services/event-import.service';

const DEVICES = 20;
const TICKETS = Number(process.env.BENCH_CHECKIN_TICKETS ?? 20_000);
const BATCH = 50;
const SHARED = 500;

/**
 * `npm run bench -- checkin` (SQLite file, in-process requests through `app.inject`): scans a second from
 * 20 devices each uploading batches of 50 distinct tickets, and the double admissions when two devices
 * scan the same 500 codes at once (the goal: ≥ 2,000 scans/s and 0). Beside it, the baseline: the same
 * scans answered from the nonce table (a re-sent batch), which is the floor of a scan's cost.
 * The PostgreSQL double-admission case runs in tests/api/checkin-scans.test.ts on both databases.
 */
export default async function benchCheckin(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'checkin-bench-'));
  const databaseUrl = `sqlite:${join(dir, 'bench.sqlite')}`;
  const config = readConfig({}, { databaseUrl, signingSecret: 'bench-secret', rateLimitCheckinMax: 1_000_000, adminToken: undefined });
  const db = openDatabase(databaseUrl);
  try {
    await migrateToLatest(db);
    const ctx = { db, config, now: () => new Date() };
    await importEvent(ctx, { url: 'bench-door', event: { name: 'Bench door', config: { metodo_pago_free: true } }, tickets: [{ id: 1, name: 'General', price: 0, minimum: 1, maximum: 10, capacity: 1_000_000 }] });
    const codes = await seedTickets(db.kysely, config.signingSecret, TICKETS + SHARED);
    const devices = await Promise.all(Array.from({ length: DEVICES }, (_, i) => createCheckinDevice(ctx, 'bench-door', { list: 'all', name: `Puerta ${i + 1}` }, 'http://localhost')));
    const app = await buildApp(ctx, { logger: false });
    const send = (token: string, scans: { nonce: string; code: string; scanned_at: string }[]) =>
      app.inject({ method: 'POST', url: '/api/checkin/scans', headers: { authorization: `Bearer ${token}` }, payload: { scans } });
    const perDevice = Math.floor(TICKETS / DEVICES);
    const batches = devices.map((d, i) => {
      const mine = codes.slice(i * perDevice, (i + 1) * perDevice);
      const list = [];
      for (let j = 0; j < mine.length; j += BATCH) list.push(mine.slice(j, j + BATCH).map((code) => ({ nonce: randomUUID(), code, scanned_at: new Date().toISOString() })));
      return list;
    });
    const run = async () => {
      const t0 = performance.now();
      await Promise.all(devices.map(async (d, i) => {
        for (const batch of batches[i]) {
          const res = await send(d.token, batch);
          if (res.statusCode !== 200) throw new Error(`scans ${res.statusCode}: ${res.body}`);
        }
      }));
      return (perDevice * DEVICES) / ((performance.now() - t0) / 1000);
    };
    const first = await run();
    const resent = await run();
    console.log(`checkin (SQLite): ${first.toFixed(0)} scans/s from ${DEVICES} devices (${perDevice * DEVICES} first scans, batches of ${BATCH}); baseline, the same batches re-sent (answered by nonce): ${resent.toFixed(0)} scans/s`);

    const shared = codes.slice(TICKETS);
    const both = (token: string) => (async () => {
      for (let j = 0; j < shared.length; j += BATCH) {
        await send(token, shared.slice(j, j + BATCH).map((code) => ({ nonce: randomUUID(), code, scanned_at: new Date().toISOString() })));
      }
    })();
    await Promise.all([both(devices[0].token), both(devices[1].token)]);
    const doubles = await sql<{ n: number }>`select count(*) as n from (select ticket_id from checkin_entries group by list_id, ticket_id having count(*) > 1) d`.execute(db.kysely);
    console.log(`checkin (SQLite): ${SHARED} codes scanned by two devices at once → ${Number(doubles.rows[0].n)} double admissions (goal 0)`);
    await app.close();
  } finally {
    await db.kysely.destroy().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `count` tickets of one paid purchase, issued directly (the bench measures the door, not the checkout); their signed codes. */
async function seedTickets(kysely: ReturnType<typeof openDatabase>['kysely'], secret: string, count: number): Promise<string[]> {
  const event = await kysely.selectFrom('events').select('id').where('url', '=', 'bench-door').executeTakeFirstOrThrow();
  const type = await kysely.selectFrom('ticket_types').select(['id', 'external_id']).where('event_id', '=', event.id).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const purchaseId = randomUUID();
  const attemptId = randomUUID();
  await kysely.insertInto('purchases').values({
    id: purchaseId, event_id: event.id, status: 'paid', referrer: null, discount_code_id: null, tickets_cents: 0, tickets_discount_cents: 0, products_cents: 0,
    comission_cents: 0, amount_cents: 0, amount_out_discount_cents: 0, expires_at: now, stock_until: null, buyer_info_json: null, form_json: null,
    form_completed: 1, emission_id: null, client_key: null, buyer_email: null, created_at: now, updated_at: now,
  }).execute();
  await kysely.insertInto('payment_attempts').values({
    id: attemptId, purchase_id: purchaseId, provider: 'free', mode: 'live', provider_reference: null, provider_payment_id: null, amount_cents: 0, currency: 'MXN',
    status: 'approved', status_detail: null, idempotency_key: randomUUID(), deadline: null, lang: null, refund_status: null, refund_reason: null, refund_reference: null,
    reconcile_at: null, created_at: now, updated_at: now,
  }).execute();
  await kysely.insertInto('emissions').values({ id: purchaseId, purchase_id: purchaseId, attempt_id: attemptId, created_at: now }).execute();
  const sign = await ticketSigner(kysely, secret, event.id, now);
  const codes: string[] = [];
  const rows = Array.from({ length: count }, (_, i) => {
    const id = randomUUID();
    const qr = sign({ ticketId: id, ticketType: type.external_id, seat: null });
    codes.push(qr);
    return { id, emission_id: purchaseId, purchase_id: purchaseId, event_id: event.id, ticket_type_id: type.id, unit_index: i, folio: i + 1, qr_secret: qr, attendee_name: `Asistente ${i + 1}`, created_at: now };
  });
  for (let i = 0; i < rows.length; i += 500) await kysely.insertInto('tickets').values(rows.slice(i, i + 500)).execute();
  return codes;
}
