import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, PurchaseStatus, RevocationReason } from '../../src/server/db/schema';
import type { AttendeeAnswers } from '../../src/shared/attendee-form';

/** The attendee tests' event: two ticket types with different attendee forms and one without. */
export const ATTENDEE_EVENT = {
  url: 'asistentes-api',
  hold_minutes: 15,
  event: { name: 'Asistentes de prueba', config: { metodo_pago_free: true } },
  tickets: [
    {
      id: 1, name: 'General', price: 100, minimum: 1, maximum: 10, capacity: 1_000_000,
      form: [
        { id: 'nombre', type: 'text', label: 'Nombre completo', required: true },
        { id: 'correo', type: 'email', label: 'Correo', required: true },
        { id: 'talla', type: 'select', label: 'Talla de playera', options: { values: ['S', 'M', 'L'] } },
      ],
    },
    {
      id: 2, name: 'VIP', price: 500, minimum: 1, maximum: 4, capacity: 100,
      form: [
        { id: 'nombre', type: 'text', label: 'Nombre del invitado', required: true },
        { id: 'dieta', type: 'multiselect', label: 'Dieta', options: { values: ['vegana', 'sin gluten'] } },
        { id: 'acepta', type: 'checkbox', label: 'Acepto el reglamento' },
      ],
    },
    { id: 3, name: 'Cortesía', price: 0, minimum: 1, maximum: 4, capacity: 100 },
  ],
};

/** One ticket to seed: its type (the file's id), holder's name, answers (in the purchase's form unless transferred). */
export interface SeedTicket {
  type: number;
  name: string;
  answers?: AttendeeAnswers;
  /** Revoked with this reason. */
  revoked?: RevocationReason;
  /** A transfer's new ticket, replacing the ticket at this index of the same purchase: its holder's e-mail and answers. */
  transferOf?: { index: number; email: string };
}

/** One purchase to seed, paid through `provider`. */
export interface SeedPurchase {
  buyer: { name: string; email: string; phone: string } | null;
  status?: PurchaseStatus;
  /** Personal data erased by data retention (buyer and answers gone). */
  purged?: boolean;
  provider?: 'paypal' | 'free';
  tickets: SeedTicket[];
}

/** Inserts `rows` in chunks, so a large seed stays under both databases' parameter limits. */
async function insertChunked(db: Kysely<Database>, table: 'purchases' | 'payment_attempts' | 'emissions' | 'tickets' | 'ticket_revocations', rows: object[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 400) await db.insertInto(table).values(rows.slice(i, i + 400) as never).execute();
}

/**
 * Paid purchases and their tickets written directly (the tests read lists, not the checkout), folios from
 * `firstFolio` in the order given; returns the ticket ids per purchase.
 */
export async function seedPurchases(db: Kysely<Database>, eventUrl: string, specs: SeedPurchase[], firstFolio = 1, paidAt = '2026-11-20T18:00:00.000Z'): Promise<string[][]> {
  const event = await db.selectFrom('events').select('id').where('url', '=', eventUrl).executeTakeFirstOrThrow();
  const types = new Map((await db.selectFrom('ticket_types').select(['id', 'external_id']).where('event_id', '=', event.id).execute()).map((t) => [Number(t.external_id), t.id]));
  const purchases: object[] = [];
  const attempts: object[] = [];
  const emissions: object[] = [];
  const tickets: object[] = [];
  const revocations: object[] = [];
  const ids: string[][] = [];
  let folio = firstFolio;
  for (const spec of specs) {
    const purchaseId = randomUUID();
    const attemptId = randomUUID();
    const form: Record<string, AttendeeAnswers[]> = {};
    for (const ticket of spec.tickets) if (ticket.answers && !ticket.transferOf) (form[String(ticket.type)] ??= []).push(ticket.answers);
    purchases.push({
      id: purchaseId, event_id: event.id, status: spec.status ?? 'paid', referrer: null, discount_code_id: null, tickets_cents: 0, tickets_discount_cents: 0, products_cents: 0,
      comission_cents: 0, amount_cents: 0, amount_out_discount_cents: 0, expires_at: paidAt, stock_until: null,
      buyer_info_json: spec.purged || !spec.buyer ? null : JSON.stringify({ ...spec.buyer, lang: 'es' }),
      form_json: spec.purged || Object.keys(form).length === 0 ? null : JSON.stringify(form),
      form_completed: 1, emission_id: purchaseId, client_key: null, buyer_email: spec.buyer?.email ?? null, created_at: paidAt, updated_at: paidAt,
      data_purged_at: spec.purged ? paidAt : null,
    });
    attempts.push({
      id: attemptId, purchase_id: purchaseId, provider: spec.provider ?? 'paypal', mode: 'live', provider_reference: null, provider_payment_id: null, amount_cents: 0, currency: 'MXN',
      status: 'approved', status_detail: null, idempotency_key: randomUUID(), deadline: null, lang: null, refund_status: null, refund_reason: null, refund_reference: null,
      reconcile_at: null, created_at: paidAt, updated_at: paidAt,
    });
    emissions.push({ id: purchaseId, purchase_id: purchaseId, attempt_id: attemptId, created_at: paidAt });
    const own = spec.tickets.map(() => randomUUID());
    spec.tickets.forEach((ticket, unit) => {
      tickets.push({
        id: own[unit], emission_id: purchaseId, purchase_id: purchaseId, event_id: event.id, ticket_type_id: types.get(ticket.type), unit_index: unit, folio: folio++,
        qr_secret: randomUUID(), attendee_name: ticket.name, created_at: paidAt,
        transferred_from: ticket.transferOf ? own[ticket.transferOf.index] : null,
        holder_email: ticket.transferOf?.email ?? null,
        holder_answers_json: ticket.transferOf && ticket.answers ? JSON.stringify(ticket.answers) : null,
      });
      if (ticket.revoked) revocations.push({ ticket_id: own[unit], event_id: event.id, reason: ticket.revoked, created_at: paidAt });
    });
    ids.push(own);
  }
  await insertChunked(db, 'purchases', purchases);
  await insertChunked(db, 'payment_attempts', attempts);
  await insertChunked(db, 'emissions', emissions);
  await insertChunked(db, 'tickets', tickets);
  await insertChunked(db, 'ticket_revocations', revocations);
  return ids;
}
