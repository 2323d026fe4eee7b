import { randomUUID } from 'node:crypto';
import { storedPlanOf } from '../../shared/installments-words';
import type { Kysely } from 'kysely';
import type { Database, MailOutboxTable } from '../db/schema';
import type { PaymentsRuntime } from '../payments/runtime';
import { listTicketsOfPurchase } from '../repositories/emission.repository';
import { findEventById } from '../repositories/event.repository';
import { claimMail, deadLetterExhausted, finishMail, mailToSend, queueMail, type MailOutboxRow } from '../repositories/mail-outbox.repository';
import { loadOrder } from '../repositories/order.repository';
import { findCallOff } from '../repositories/order-status.repository';
import { findAttempt, type PaymentAttemptRow } from '../repositories/payment-attempt.repository';
import type { PurchaseRow } from '../repositories/purchase.repository';
import { issueAccessKey } from '../services/access-keys';
import { thankYouFragment } from '../../shared/purchase-access';
import { eventCalendarOf } from './event-calendar';
import { eventWhen, venueLine } from './event-when';
import { ticketsLive } from '../orders/statuses';
import { renderMail } from './mail-message';
import { buyerCancellationMail, cancelledMail, invoiceMail, mailLang, orderLinkMail, refundMail, ticketsMail, transferMail } from './mail-texts';
import { findInvoice } from '../repositories/invoice.repository';
import { findCancellation } from '../repositories/order-changes.repository';
import { oneLine } from './mail-safe';
import { PdfRenderPool } from './pdf-pool';
import { composeWaitingMail } from '../waiting-list/mail';

/** Ticket PDFs are drawn on worker threads (never on the event loop); two keep a 2-core host responsive. */
const pdfPool = new PdfRenderPool(2);

/** Stops the PDF workers (the server's shutdown, after its last request); a later render starts them again. */
export function closePdfPool(): Promise<void> {
  return pdfPool.close();
}

/** A message whose sender has been silent this long is taken to have died, and may be sent again. */
const STALE_SENDING_MS = 10 * 60_000;

/** Who a purchase's e-mails go to; null while it has no buyer e-mail. */
function buyerOf(purchase: PurchaseRow): { name: string; email: string; lang: string } | null {
  const buyer = purchase.buyer;
  // The name is typed by the buyer (or comes from a provider): one line, no control characters, before it reaches a message.
  return buyer?.email ? { name: oneLine(buyer.name), email: buyer.email, lang: mailLang(buyer.lang) } : null;
}

/** Queues one e-mail to the purchase's buyer, once per `dedupeKey` (a unique key in the outbox); nothing without a buyer e-mail. */
async function queueBuyerMail(trx: Kysely<Database>, purchase: PurchaseRow, kind: MailOutboxTable['kind'], dedupeKey: string, attemptId: string | null, now: string): Promise<boolean> {
  const buyer = buyerOf(purchase);
  if (!buyer) return false;
  return queueMail(trx, {
    id: randomUUID(), dedupe_key: dedupeKey, purchase_id: purchase.id, kind, attempt_id: attemptId,
    recipient: buyer.email, lang: buyer.lang, status: 'queued', attempts: 0, claimed_at: null, sent_at: null, error: null, message_ref: null, created_at: now,
  });
}

/** Queues the tickets e-mail of a purchase, in the confirming transaction (at most one per purchase). */
export async function queueTicketsMail(trx: Kysely<Database>, purchase: PurchaseRow, attemptId: string, now: string): Promise<void> {
  await queueBuyerMail(trx, purchase, 'tickets', ticketsMailKey(purchase.id), attemptId, now);
}

/** The dedupe key of a purchase's first tickets e-mail (a resend has its own, `orders/resend-tickets.ts`). */
export function ticketsMailKey(purchaseId: string): string {
  return `tickets:${purchaseId}`;
}

/** Queues the tickets e-mail again at the buyer's request (the order page's "Resend"), under a new dedupe key; false without a buyer e-mail. */
export function queueTicketsResend(db: Kysely<Database>, purchase: PurchaseRow, now: string): Promise<boolean> {
  return queueBuyerMail(db, purchase, 'tickets', `tickets-resend:${purchase.id}:${randomUUID()}`, null, now);
}

/** Queues "find my order"'s e-mail: a new link (a new key) to the order page, to the buyer's stored address. */
export function queueOrderLinkMail(db: Kysely<Database>, purchase: PurchaseRow, now: string): Promise<boolean> {
  return queueBuyerMail(db, purchase, 'order_link', `order-link:${purchase.id}:${randomUUID()}`, null, now);
}

/** Queues the e-mail telling the buyer a payment was refunded (one per refunded attempt). */
export async function queueRefundMail(trx: Kysely<Database>, purchase: PurchaseRow, attempt: PaymentAttemptRow, now: string): Promise<void> {
  await queueBuyerMail(trx, purchase, 'refund', `refund:${attempt.id}`, attempt.id, now);
}

/** Queues the e-mail telling the buyer a paid order was called off (its payment went back), in the cancelling transaction (one per purchase). */
export async function queueCancelledMail(trx: Kysely<Database>, purchase: PurchaseRow, attemptId: string, now: string): Promise<void> {
  await queueBuyerMail(trx, purchase, 'cancelled', `cancelled:${purchase.id}`, attemptId, now);
}

/** Queues the e-mail confirming a buyer's own cancellation (one per cancellation), in the cancelling transaction. */
export async function queueBuyerCancellationMail(trx: Kysely<Database>, purchase: PurchaseRow, cancellationId: string, attemptId: string, now: string): Promise<void> {
  await queueBuyerMail(trx, purchase, 'cancelled', `${BUYER_CANCELLATION_MAIL}${purchase.id}:${cancellationId}`, attemptId, now);
}
const BUYER_CANCELLATION_MAIL = 'cancelled:';
/** The cancellation a buyer-cancellation e-mail's dedupe key names (`cancelled:{purchase}:{cancellation}`); null for a call-off's. */
function cancellationOfMail(dedupeKey: string): string | null {
  return dedupeKey.startsWith(BUYER_CANCELLATION_MAIL) ? (dedupeKey.split(':')[2] ?? null) : null;
}

/** Queues the e-mail to a transfer's recipient (their ticket, their own link), once per new ticket, in the transfer's transaction. */
export async function queueTransferMail(trx: Kysely<Database>, purchase: PurchaseRow, ticketId: string, recipient: string, now: string): Promise<void> {
  await queueMail(trx, {
    id: randomUUID(), dedupe_key: `transfer:${ticketId}`, purchase_id: purchase.id, kind: 'transfer', attempt_id: null, ticket_id: ticketId,
    recipient, lang: mailLang(purchase.buyer?.lang), status: 'queued', attempts: 0, claimed_at: null, sent_at: null, error: null, message_ref: null, created_at: now,
  });
}

/** The PDF of a purchase's tickets (the download route and the e-mail attachment are the same file). */
export async function purchasePdf(db: Kysely<Database>, purchase: PurchaseRow, onlyTicketId?: string): Promise<Buffer> {
  const event = (await findEventById(db, purchase.event_id))!;
  const tickets = await listTicketsOfPurchase(db, purchase.id, onlyTicketId);
  const lang = mailLang(purchase.buyer?.lang);
  return pdfPool.render({
    eventName: event.name,
    when: eventWhen(event.starts_at, event.ends_at, lang),
    venue: venueLine(event.venue),
    purchaseId: purchase.id,
    lang,
    tickets: tickets.map((t) => ({ folio: t.folio, ticketTypeName: t.ticket_type_name, attendeeName: t.attendee_name, qrSecret: t.qr_secret, seat: t.seat_label })),
  });
}

async function compose(rt: PaymentsRuntime, row: MailOutboxRow) {
  // The waiting list's e-mails (a confirmation has no purchase yet): waiting-list/mail.ts.
  if (row.kind === 'waiting_confirm' || row.kind === 'waiting_offer') return composeWaitingMail(rt, row);
  const db = rt.ctx.db.kysely;
  const { purchase, event } = (await loadOrder(db, row.purchase_id!))!;
  const buyer = buyerOf(purchase);
  const lang = mailLang(row.lang);
  if (row.kind === 'tickets') {
    const tickets = await listTicketsOfPurchase(db, purchase.id);
    const count = tickets.length;
    const seats = tickets.map((t) => t.seat_label).filter((label): label is string => Boolean(label));
    // Only with PUBLIC_URL: a link built from a request's Host header could point the key at someone else's site.
    const base = rt.ctx.config.publicUrl;
    // Each e-mail gets a key of its own (only its hash is stored), so the link opens the order page (the thank-you
    // page while the order is not paid) on any device.
    const ticketsUrl = base && purchase.emission_id
      ? `${base}/${event.url}/${ticketsLive(purchase.status) ? 'order' : 'payment-status'}#${thankYouFragment(purchase.id, await issueAccessKey(db, purchase.id, 'mail', rt.ctx.now().toISOString()))}`
      : null;
    const when = eventWhen(event.starts_at, event.ends_at, lang);
    // The free claim is a registration, not a payment: its e-mail says so.
    const attempt = row.attempt_id ? await findAttempt(db, row.attempt_id) : undefined;
    const free = attempt?.provider === 'free';
    // The card plan it was paid with (meses sin intereses), stated beside the date and place.
    const plan = storedPlanOf(attempt);
    const words = ticketsMail(lang, { eventName: event.name, when, venue: venueLine(event.venue), buyerName: buyer?.name ?? '', purchaseId: purchase.id, count, ticketsUrl, seats, free, plan });
    const pdf = await purchasePdf(db, purchase);
    // An invitation to the buyer's calendar when the event has a date (its link only with PUBLIC_URL, like the e-mail's).
    const calendar = eventCalendarOf(event, base ?? null);
    return {
      to: row.recipient, ...(await renderMail(words)), dedupeKey: row.dedupe_key,
      attachments: [{ filename: `compra_${purchase.id}.pdf`, content: pdf, contentType: 'application/pdf' }],
      ...(calendar ? { calendar: { filename: 'evento.ics', content: calendar } } : {}),
    };
  }
  if (row.kind === 'invoice') {
    // `invoice:{invoice id}`: an ingreso the buyer requested, or the credit note of a partial refund.
    const invoice = (await findInvoice(db, row.dedupe_key.slice('invoice:'.length)))!;
    const words = invoiceMail(lang, { eventName: event.name, buyerName: buyer?.name ?? '', purchaseId: purchase.id, uuid: invoice.uuid!, credit: invoice.kind === 'egreso' });
    return {
      to: row.recipient, ...(await renderMail(words)), dedupeKey: row.dedupe_key,
      attachments: [
        { filename: `factura_${invoice.uuid}.pdf`, content: Buffer.from(invoice.pdf_base64!, 'base64'), contentType: 'application/pdf' },
        { filename: `factura_${invoice.uuid}.xml`, content: Buffer.from(invoice.xml!, 'utf8'), contentType: 'application/xml' },
      ],
    };
  }
  if (row.kind === 'order_link') {
    // Only with PUBLIC_URL, like the tickets e-mail's link; a new key for every such e-mail.
    const base = rt.ctx.config.publicUrl;
    const orderUrl = base ? `${base}/${event.url}/order#${thankYouFragment(purchase.id, await issueAccessKey(db, purchase.id, 'mail', rt.ctx.now().toISOString()))}` : null;
    const words = orderLinkMail(lang, { eventName: event.name, buyerName: buyer?.name ?? '', purchaseId: purchase.id, orderUrl });
    return { to: row.recipient, ...(await renderMail(words)), dedupeKey: row.dedupe_key };
  }
  if (row.kind === 'transfer' && row.ticket_id) {
    const [ticket] = await listTicketsOfPurchase(db, purchase.id, row.ticket_id);
    const base = rt.ctx.config.publicUrl;
    // The recipient's own key opens their ticket only: never the buyer's data or payments.
    const orderUrl = base ? `${base}/${event.url}/order#${thankYouFragment(purchase.id, await issueAccessKey(db, purchase.id, 'mail', rt.ctx.now().toISOString(), row.ticket_id))}` : null;
    const words = transferMail(lang, {
      eventName: event.name, when: eventWhen(event.starts_at, event.ends_at, lang), venue: venueLine(event.venue),
      holderName: oneLine(ticket?.attendee_name ?? ''), fromName: buyer?.name ?? '', orderUrl, purchaseId: purchase.id,
    });
    const pdf = ticket ? await purchasePdf(db, purchase, ticket.id) : null;
    return { to: row.recipient, ...(await renderMail(words)), dedupeKey: row.dedupe_key, attachments: pdf ? [{ filename: `boleto_${ticket!.folio}.pdf`, content: pdf, contentType: 'application/pdf' }] : [] };
  }
  const cancellationId = row.kind === 'cancelled' ? cancellationOfMail(row.dedupe_key) : null;
  if (cancellationId) {
    const cancellation = (await findCancellation(db, cancellationId))!;
    const words = buyerCancellationMail(lang, {
      eventName: event.name, buyerName: buyer?.name ?? '', purchaseId: purchase.id, count: cancellation.ticket_ids.length,
      feeCents: cancellation.fee_cents, refundCents: cancellation.refund_cents, method: cancellation.method, currency: 'MXN',
      byOrganiser: cancellation.actor !== 'buyer', note: cancellation.note ? oneLine(cancellation.note) : null,
    });
    return { to: row.recipient, ...(await renderMail(words)), dedupeKey: row.dedupe_key };
  }
  if (row.kind === 'cancelled') {
    const change = await findCallOff(db, purchase.id);
    const paying = row.attempt_id ? await findAttempt(db, row.attempt_id) : undefined;
    const words = cancelledMail(lang, {
      eventName: event.name, buyerName: buyer?.name ?? '', purchaseId: purchase.id, reason: change?.reason ?? null,
      note: change?.note ? oneLine(change.note) : null, refunding: paying?.refund_status != null,
    });
    return { to: row.recipient, ...(await renderMail(words)), dedupeKey: row.dedupe_key };
  }
  const attempt = row.attempt_id ? await findAttempt(db, row.attempt_id) : undefined;
  const words = refundMail(lang, {
    eventName: event.name, buyerName: buyer?.name ?? '', purchaseId: purchase.id,
    amountCents: attempt?.amount_cents ?? 0, currency: attempt?.currency ?? 'MXN', reason: attempt?.refund_reason ?? null,
  });
  return { to: row.recipient, ...(await renderMail(words)), dedupeKey: row.dedupe_key };
}

/**
 * Sends the queued e-mails (of one purchase, or one waiting-list entry, or all). Each is claimed first, so when
 * many requests finish the same purchase at once exactly one of them sends it. Every claim
 * counts an attempt; a message out of attempts (MAIL_MAX_ATTEMPTS) is dead-lettered and
 * waits for an operator instead of being retried forever.
 */
export async function deliverMail(rt: PaymentsRuntime, purchaseId?: string, waitingEntryId?: string): Promise<void> {
  const db = rt.ctx.db.kysely;
  const now = rt.ctx.now();
  const maxAttempts = rt.ctx.config.mailMaxAttempts;
  const staleBefore = new Date(now.getTime() - STALE_SENDING_MS).toISOString();
  for (const dead of await deadLetterExhausted(db, staleBefore, maxAttempts)) warnDead(rt, dead);
  for (const row of await mailToSend(db, staleBefore, maxAttempts, purchaseId, waitingEntryId)) {
    if (!(await claimMail(db, row.id, now.toISOString(), staleBefore, maxAttempts))) continue;
    const attempts = row.attempts + 1;
    try {
      const where = await rt.sendMail(await compose(rt, row));
      await finishMail(db, row.id, { status: 'sent', messageRef: where, now: rt.ctx.now().toISOString() });
      rt.log.info({ mail: row.dedupe_key, where }, 'e-mail sent'); // never the recipient: logs must not carry personal data
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const status = attempts >= maxAttempts ? 'dead' : 'failed';
      await finishMail(db, row.id, { status, error: message, now: rt.ctx.now().toISOString() });
      if (status === 'dead') warnDead(rt, { id: row.id, dedupe_key: row.dedupe_key, attempts, error: message });
      else rt.log.error({ err: error, mail: row.dedupe_key, attempts }, 'e-mail not sent; it will be retried');
    }
  }
}

function warnDead(rt: PaymentsRuntime, row: { id: string; dedupe_key: string; attempts: number; error: string | null }): void {
  rt.log.warn(
    { mail: row.dedupe_key, id: row.id, attempts: row.attempts, error: row.error },
    'e-mail dead-lettered after its last attempt; not retried automatically (GET /api/admin/outbox/failed lists it, POST /api/admin/outbox/{id}/retry sends it again)',
  );
}
