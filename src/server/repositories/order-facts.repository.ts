import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Everything the database holds about one order, for its operators (`orders/order-timeline.ts`,
 * `orders/operator-order.ts`): every payment attempt, the webhooks received about them, its e-mails, status
 * changes, other events, cancellations, payouts, and its tickets' revocations and door entries. Each read by an
 * index on the purchase (or its tickets, or its attempts' provider ids).
 */
export async function orderFacts(db: Kysely<Database>, purchaseId: string) {
  const [attempts, mails, moves, events, cancellations, payouts, tickets] = await Promise.all([
    db.selectFrom('payment_attempts').selectAll().where('purchase_id', '=', purchaseId).orderBy('created_at').orderBy('id').execute(),
    db.selectFrom('mail_outbox').select(['id', 'kind', 'recipient', 'status', 'attempts', 'sent_at', 'error', 'ticket_id', 'created_at']).where('purchase_id', '=', purchaseId).orderBy('created_at').execute(),
    db.selectFrom('order_status_changes').selectAll().where('purchase_id', '=', purchaseId).orderBy('id').execute(),
    db.selectFrom('order_events').selectAll().where('purchase_id', '=', purchaseId).orderBy('id').execute(),
    db.selectFrom('buyer_cancellations').selectAll().where('purchase_id', '=', purchaseId).orderBy('created_at').execute(),
    db.selectFrom('payouts').selectAll().where('purchase_id', '=', purchaseId).orderBy('created_at').execute(),
    db.selectFrom('tickets').select(['id', 'folio']).where('purchase_id', '=', purchaseId).execute(),
  ]);
  const ticketIds = tickets.map((t) => t.id);
  const resources = [...new Set(attempts.flatMap((a) => [a.provider_payment_id, a.provider_reference]).filter((id): id is string => id !== null))];
  const [webhooks, revocations, entries, conflicts] = await Promise.all([
    resources.length === 0 ? [] : db.selectFrom('webhook_inbox').select(['id', 'provider', 'event_id', 'event_type', 'resource_id', 'status', 'error', 'received_at', 'processed_at'])
      .where('resource_id', 'in', resources).orderBy('id').execute(),
    ticketIds.length === 0 ? [] : db.selectFrom('ticket_revocations').selectAll().where('ticket_id', 'in', ticketIds).orderBy('id').execute(),
    ticketIds.length === 0 ? [] : db.selectFrom('checkin_entries as c').leftJoin('checkin_devices as d', 'd.id', 'c.device_id')
      .select(['c.ticket_id', 'c.list_id', 'c.entry_number', 'c.device_id', 'd.name as device_name', 'c.scanned_at', 'c.exited_at']).where('c.ticket_id', 'in', ticketIds).orderBy('c.id').execute(),
    ticketIds.length === 0 ? [] : db.selectFrom('checkin_conflicts').select(['ticket_id', 'list_id', 'device_id', 'scanned_at']).where('ticket_id', 'in', ticketIds).orderBy('id').execute(),
  ]);
  return { attempts, mails, moves, events, cancellations, payouts, tickets, webhooks, revocations, entries, conflicts };
}

export type OrderFacts = Awaited<ReturnType<typeof orderFacts>>;
