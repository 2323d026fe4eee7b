import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context';
import { mailLang } from '../fulfilment/mail-texts';
import { queueMail } from '../repositories/mail-outbox.repository';
import type { Order } from '../repositories/order.repository';

/** Queues the e-mail with an issued invoice's PDF and XML (outbox kind `invoice`, once per invoice) to the address the buyer gave. */
export async function queueInvoiceMail(ctx: AppContext, order: Order, invoiceId: string, recipient: string): Promise<void> {
  await queueMail(ctx.db.kysely, {
    id: randomUUID(), dedupe_key: `invoice:${invoiceId}`, purchase_id: order.purchase.id, kind: 'invoice', attempt_id: null, recipient,
    lang: mailLang(order.purchase.buyer?.lang), status: 'queued', attempts: 0, claimed_at: null, sent_at: null, error: null, message_ref: null, created_at: ctx.now().toISOString(),
  });
}
