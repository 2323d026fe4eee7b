import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { PaymentsRuntime } from '../payments/runtime';
import { listTicketsOfPurchase } from '../repositories/emission.repository';
import { findEventById } from '../repositories/event.repository';
import { claimMail, finishMail, mailToSend, queueMail, type MailOutboxRow } from '../repositories/mail-outbox.repository';
import type { PaymentAttemptRow } from '../repositories/payment-attempt.repository';
import { findPurchase, type PurchaseRow } from '../repositories/purchase.repository';
import { mailLang, refundMail, ticketsMail } from './mail-texts';
import { PdfRenderPool } from './pdf-pool';

/** Ticket PDFs are drawn on worker threads (never on the event loop); two keep a 2-core host responsive. */
const pdfPool = new PdfRenderPool(2);

/** A message whose sender has been silent this long is taken to have died, and may be sent again. */
const STALE_SENDING_MS = 10 * 60_000;

function buyerOf(purchase: PurchaseRow): { name: string; email: string; lang: string } | null {
  if (!purchase.buyer_info_json) return null;
  const info = JSON.parse(purchase.buyer_info_json) as { name?: string; email?: string; lang?: string };
  return info.email ? { name: info.name ?? '', email: info.email, lang: mailLang(info.lang) } : null;
}

/** Queues the tickets e-mail of a purchase, in the confirming transaction (at most one per purchase). */
export async function queueTicketsMail(trx: Kysely<Database>, purchase: PurchaseRow, attemptId: string, now: string): Promise<void> {
  const buyer = buyerOf(purchase);
  if (!buyer) return;
  await queueMail(trx, {
    id: randomUUID(), dedupe_key: `tickets:${purchase.id}`, purchase_id: purchase.id, kind: 'tickets', attempt_id: attemptId,
    recipient: buyer.email, lang: buyer.lang, status: 'queued', attempts: 0, claimed_at: null, sent_at: null, error: null, message_ref: null, created_at: now,
  });
}

/** Queues the e-mail telling the buyer a payment was refunded (one per refunded attempt). */
export async function queueRefundMail(trx: Kysely<Database>, purchase: PurchaseRow, attempt: PaymentAttemptRow, now: string): Promise<void> {
  const buyer = buyerOf(purchase);
  if (!buyer) return;
  await queueMail(trx, {
    id: randomUUID(), dedupe_key: `refund:${attempt.id}`, purchase_id: purchase.id, kind: 'refund', attempt_id: attempt.id,
    recipient: buyer.email, lang: buyer.lang, status: 'queued', attempts: 0, claimed_at: null, sent_at: null, error: null, message_ref: null, created_at: now,
  });
}

/** The PDF of a purchase's tickets (the download route and the e-mail attachment are the same file). */
export async function purchasePdf(db: Kysely<Database>, purchase: PurchaseRow, onlyTicketId?: string): Promise<Buffer> {
  const event = (await findEventById(db, purchase.event_id))!;
  const tickets = (await listTicketsOfPurchase(db, purchase.id)).filter((t) => !onlyTicketId || t.id === onlyTicketId);
  const lang = mailLang(purchase.buyer_info_json ? (JSON.parse(purchase.buyer_info_json) as { lang?: string }).lang : undefined);
  return pdfPool.render({
    eventName: event.name,
    purchaseId: purchase.id,
    lang,
    tickets: tickets.map((t) => ({ folio: t.folio, ticketTypeName: t.ticket_type_name, attendeeName: t.attendee_name, qrSecret: t.qr_secret })),
  });
}

async function compose(rt: PaymentsRuntime, row: MailOutboxRow) {
  const db = rt.ctx.db.kysely;
  const purchase = (await findPurchase(db, row.purchase_id))!;
  const event = (await findEventById(db, purchase.event_id))!;
  const buyer = buyerOf(purchase);
  const lang = mailLang(row.lang);
  if (row.kind === 'tickets') {
    const count = (await listTicketsOfPurchase(db, purchase.id)).length;
    const base = rt.ctx.config.publicUrl;
    const downloadUrl = base && purchase.emission_id ? `${base}/api/emissions/download/all?emission_id=${purchase.emission_id}&purchase_id=${purchase.id}` : null;
    const { subject, text } = ticketsMail(lang, { eventName: event.name, buyerName: buyer?.name ?? '', purchaseId: purchase.id, count, downloadUrl });
    const pdf = await purchasePdf(db, purchase);
    return { to: row.recipient, subject, text, label: `boletos-${purchase.id}`, attachments: [{ filename: `compra_${purchase.id}.pdf`, content: pdf, contentType: 'application/pdf' }] };
  }
  const attempt = await db.selectFrom('payment_attempts').selectAll().where('id', '=', row.attempt_id ?? '').executeTakeFirst();
  const { subject, text } = refundMail(lang, {
    eventName: event.name, buyerName: buyer?.name ?? '', purchaseId: purchase.id,
    amountCents: attempt?.amount_cents ?? 0, currency: attempt?.currency ?? 'MXN', reason: attempt?.refund_reason ?? null,
  });
  return { to: row.recipient, subject, text, label: `reembolso-${purchase.id}` };
}

/**
 * Sends the queued e-mails (of one purchase, or all). Each is claimed first, so when
 * many requests finish the same purchase at once exactly one of them sends it.
 */
export async function deliverMail(rt: PaymentsRuntime, purchaseId?: string): Promise<void> {
  const db = rt.ctx.db.kysely;
  const now = rt.ctx.now();
  const staleBefore = new Date(now.getTime() - STALE_SENDING_MS).toISOString();
  for (const row of await mailToSend(db, staleBefore, 5, purchaseId)) {
    if (!(await claimMail(db, row.id, now.toISOString(), staleBefore))) continue;
    try {
      const where = await rt.sendMail(await compose(rt, row));
      await finishMail(db, row.id, { status: 'sent', messageRef: where, now: rt.ctx.now().toISOString() });
      rt.log.info({ mail: row.dedupe_key, to: row.recipient, where }, 'e-mail sent');
    } catch (error) {
      rt.log.error({ err: error, mail: row.dedupe_key }, 'e-mail not sent; it will be retried');
      await finishMail(db, row.id, { status: 'failed', error: error instanceof Error ? error.message : String(error), now: rt.ctx.now().toISOString() });
    }
  }
}
