import type { TimelineEntry } from '../../shared/api';
import { centsToPesos } from '../../shared/money';
import { formatFolio } from '../fulfilment/emit-tickets';
import type { OrderFacts } from '../repositories/order-facts.repository';
import type { PurchaseRow } from '../repositories/purchase.repository';

/**
 * An order's timeline for its operators, oldest first: the hold, each payment attempt (created, then the status it
 * reached), the webhooks received about its payments, its e-mails (kind, recipient, status, sends), its status changes
 * (who, why, the operator's note), its other events (transfers, corrected answers, resends), its tickets' revocations
 * and its cancellations, its payouts confirmed, and the door's entries, exits and conflicting admissions. Entries of
 * one time keep the order above (a sort that is stable).
 */
export function orderTimeline(purchase: PurchaseRow, facts: OrderFacts): TimelineEntry[] {
  const folios = new Map(facts.tickets.map((t) => [t.id, formatFolio(t.folio)]));
  const ticket = (id: string | null) => (id === null ? null : folios.get(id) ?? null);
  const entries: TimelineEntry[] = [
    { at: purchase.created_at, kind: 'hold_created', actor: 'buyer', details: { expires_at: purchase.expires_at, total: centsToPesos(purchase.amount_cents) } },
  ];
  for (const a of facts.attempts) {
    entries.push({ at: a.created_at, kind: 'payment_attempt', actor: 'buyer', details: { attempt_id: a.id, provider: a.provider, mode: a.mode, amount: centsToPesos(a.amount_cents), currency: a.currency } });
    if (a.status !== 'created') {
      entries.push({ at: a.updated_at, kind: 'payment_status', actor: 'provider', details: { attempt_id: a.id, provider: a.provider, status: a.status, status_detail: a.status_detail, provider_payment_id: a.provider_payment_id, refund_status: a.refund_status, refund_reference: a.refund_reference } });
    }
  }
  for (const w of facts.webhooks) {
    entries.push({ at: w.received_at, kind: 'webhook', actor: 'provider', details: { provider: w.provider, event_id: w.event_id, event_type: w.event_type, resource_id: w.resource_id, status: w.status, error: w.error, processed_at: w.processed_at } });
  }
  for (const m of facts.mails) {
    // Operators see the address in full: they answer the buyer about it.
    entries.push({ at: m.created_at, kind: 'mail', actor: 'system', details: { mail_id: m.id, mail_kind: m.kind, recipient: m.recipient, status: m.status, attempts: m.attempts, sent_at: m.sent_at, error: m.error, ticket: ticket(m.ticket_id) } });
  }
  for (const c of facts.moves) {
    entries.push({ at: c.created_at, kind: 'status_change', actor: c.actor, details: { from: c.from_status, to: c.to_status, reason: c.reason, note: c.note, attempt_id: c.attempt_id } });
  }
  for (const e of facts.events) {
    entries.push({ at: e.created_at, kind: 'order_event', actor: e.actor, details: { reason: e.reason, ticket: ticket(e.ticket_id), note: e.note } });
  }
  for (const r of facts.revocations) {
    entries.push({ at: r.created_at, kind: 'ticket_revoked', actor: null, details: { ticket: ticket(r.ticket_id), reason: r.reason } });
  }
  for (const c of facts.cancellations) {
    const tickets = (JSON.parse(c.ticket_ids_json) as string[]).map((id) => ticket(id) ?? id).join(', ');
    entries.push({ at: c.created_at, kind: 'cancellation', actor: null, details: { cancellation_id: c.id, tickets, paid: centsToPesos(c.paid_cents), fee: centsToPesos(c.fee_cents), refund: centsToPesos(c.refund_cents), method: c.method, refund_status: c.refund_status, refund_reference: c.refund_reference } });
  }
  for (const p of facts.payouts) {
    if (p.confirmed_at) entries.push({ at: p.confirmed_at, kind: 'payout_confirmed', actor: p.confirmed_by, details: { payout_id: p.id, amount: centsToPesos(p.amount_cents), bank: p.bank_name } });
  }
  for (const e of facts.entries) {
    const where = { ticket: ticket(e.ticket_id), list: e.list_id, device: e.device_name ?? e.device_id };
    entries.push({ at: e.scanned_at, kind: 'checkin_entry', actor: 'door', details: { ...where, entry_number: e.entry_number } });
    if (e.exited_at) entries.push({ at: e.exited_at, kind: 'checkin_exit', actor: 'door', details: { ...where, entry_number: e.entry_number } });
  }
  for (const c of facts.conflicts) {
    entries.push({ at: c.scanned_at, kind: 'checkin_conflict', actor: 'door', details: { ticket: ticket(c.ticket_id), list: c.list_id, device: c.device_id } });
  }
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}
