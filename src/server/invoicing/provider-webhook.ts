import type { AppContext } from '../context';
import { errors } from '../http/app-error';
import { findInvoiceByProviderId, markInvoiceCancelled, markInvoiceValidAgain } from '../repositories/invoice.repository';
import { invoicingProviderOf } from './provider';

/** The part of facturapi's event we read: an invoice's status (`valid`, `canceled`) and its cancellation's (`pending`, `accepted`, `rejected`, …). */
interface InvoiceEvent {
  type?: string;
  data?: { object?: { id?: string; status?: string; cancellation_status?: string } };
}

/** The events that carry an invoice's status. */
const STATUS_EVENTS = new Set(['invoice.status_updated', 'invoice.cancellation_status_updated']);

/**
 * `POST /api/webhooks/facturapi`: facturapi's word on an invoice's status. The signature is checked as
 * facturapi's SDK does (`webhooks.validateSignature`: HMAC-SHA256 of the raw body with the webhook's
 * secret, hex in `Facturapi-Signature`; FACTURAPI_WEBHOOK_SECRET); refused: 401 WEBHOOK_REJECTED. An
 * invoice now `canceled` is recorded cancelled (once); a cancellation refused (`rejected`, `expired`:
 * the receiver did not accept it) makes a CFDI we recorded cancelled valid again, logged for an
 * operator. Other events and unknown invoices are answered and ignored.
 */
export async function handleInvoiceWebhook(
  ctx: AppContext, rawBody: string, signature: string | undefined, log: { warn: (details: object, message: string) => void },
): Promise<{ received: true }> {
  const secret = ctx.config.facturapi.webhookSecret;
  const provider = invoicingProviderOf(ctx);
  if (!secret || provider.mode === 'off' || !signature) throw errors.webhookRejected('firma de facturapi ausente');
  let event: InvoiceEvent;
  try {
    event = (await provider.client().webhooks.validateSignature({ secret, signature, payload: rawBody })) as InvoiceEvent;
  } catch {
    throw errors.webhookRejected('firma de facturapi inválida');
  }
  const object = event.data?.object;
  if (!STATUS_EVENTS.has(event.type ?? '') || !object?.id) return { received: true };
  const invoice = await findInvoiceByProviderId(ctx.db.kysely, object.id);
  if (!invoice) return { received: true };
  const now = ctx.now().toISOString();
  if (object.status === 'canceled') await markInvoiceCancelled(ctx.db.kysely, invoice.id, invoice.cancellation_motive ?? '02', now);
  else if (object.cancellation_status === 'rejected' || object.cancellation_status === 'expired') {
    if (await markInvoiceValidAgain(ctx.db.kysely, invoice.id, now)) log.warn({ invoice: invoice.id, purchase: invoice.purchase_id }, 'the CFDI\'s cancellation was refused: it is valid again');
  }
  return { received: true };
}
