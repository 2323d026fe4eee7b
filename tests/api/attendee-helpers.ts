import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
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

/**
 * `2 × purchases` General tickets of the attendee event written by four INSERT … SELECT over a recursive
 * counter (the same SQL on SQLite and PostgreSQL): purchase `i` has tickets with folios `2i-1` and `2i`, each
 * with its three answers. Seeds 50,000 tickets in seconds.
 */
export async function seedManyPurchases(db: Kysely<Database>, purchases: number, paidAt = '2026-11-20T18:00:00.000Z'): Promise<void> {
  const event = await db.selectFrom('events').select('id').where('url', '=', ATTENDEE_EVENT.url).executeTakeFirstOrThrow();
  const type = await db.selectFrom('ticket_types').select('id').where('event_id', '=', event.id).where('external_id', '=', 1).executeTakeFirstOrThrow();
  const counter = sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${purchases})`;
  const answers = (unit: string) => sql.raw(`'{"nombre":"Asistente ' || (2 * i - ${unit}) || '","correo":"asistente' || (2 * i - ${unit}) || '@example.mx","talla":"M"}'`);
  await sql`${counter} insert into purchases (id, event_id, status, referrer, discount_code_id, tickets_cents, tickets_discount_cents, products_cents, comission_cents,
      amount_cents, amount_out_discount_cents, expires_at, stock_until, buyer_info_json, form_json, form_completed, emission_id, client_key, buyer_email, created_at, updated_at)
    select 'p' || i, ${event.id}, 'paid', null, null, 0, 0, 0, 0, 0, 0, ${paidAt}, null,
      '{"name":"Comprador ' || i || '","email":"comprador' || i || '@example.mx","phone":"5512345678","lang":"es"}',
      '{"1":[' || ${answers('1')} || ',' || ${answers('0')} || ']}', 1, 'p' || i, null, 'comprador' || i || '@example.mx', ${paidAt}, ${paidAt} from n`.execute(db);
  await sql`${counter} insert into payment_attempts (id, purchase_id, provider, mode, provider_reference, provider_payment_id, amount_cents, currency, status, status_detail,
      idempotency_key, deadline, lang, refund_status, refund_reason, refund_reference, reconcile_at, created_at, updated_at)
    select 'a' || i, 'p' || i, 'paypal', 'live', null, null, 0, 'MXN', 'approved', null, 'k' || i, null, null, null, null, null, null, ${paidAt}, ${paidAt} from n`.execute(db);
  await sql`${counter} insert into emissions (id, purchase_id, attempt_id, created_at) select 'p' || i, 'p' || i, 'a' || i, ${paidAt} from n`.execute(db);
  for (const unit of [0, 1]) {
    await sql`${counter} insert into tickets (id, emission_id, purchase_id, event_id, ticket_type_id, unit_index, folio, qr_secret, attendee_name, created_at)
      select 't' || (2 * i - ${1 - unit}), 'p' || i, 'p' || i, ${event.id}, ${type.id}, ${unit}, 2 * i - ${1 - unit}, 'q' || (2 * i - ${1 - unit}),
        'Asistente ' || (2 * i - ${1 - unit}), ${paidAt} from n`.execute(db);
  }
}
