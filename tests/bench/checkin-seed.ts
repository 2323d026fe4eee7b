import { randomUUID } from 'node:crypto';
import { createCheckinDevice } from '../../src/server/checkin/devices';
import { ticketSigner } from '../../src/server/checkin/event-keys';
import type { AppContext } from '../../src/server/context';
import { importEvent } from '../../src/server/services/event-import.service';

/** The door benches' event. */
export const DOOR_EVENT = 'bench-door';

/**
 * The door benches' database (migrated already): the event `bench-door` with one free ticket type, `count` tickets
 * of one paid purchase and `devices` scanners paired to its list `all`; the tickets' signed codes and the devices.
 */
export async function seedDoor(ctx: AppContext, count: number, devices: number) {
  await importEvent(ctx, { url: DOOR_EVENT, event: { name: 'Bench door', config: { metodo_pago_free: true } }, tickets: [{ id: 1, name: 'General', price: 0, minimum: 1, maximum: 10, capacity: 1_000_000 }] }, { by: 'cli' });
  const codes = await seedTickets(ctx.db.kysely, ctx.config.signingSecret, count);
  const paired = await Promise.all(Array.from({ length: devices }, (_, i) => createCheckinDevice(ctx, DOOR_EVENT, { list: 'all', name: `Puerta ${i + 1}` }, 'http://localhost')));
  return { codes, devices: paired };
}

/** `count` tickets of one paid purchase, issued directly (the bench measures the door, not the checkout); their signed codes. */
async function seedTickets(kysely: AppContext['db']['kysely'], secret: string, count: number): Promise<string[]> {
  const event = await kysely.selectFrom('events').select('id').where('url', '=', DOOR_EVENT).executeTakeFirstOrThrow();
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
