import { invoiceAfterRefund } from '../invoicing/after-refund';
import type { PaymentsRuntime } from '../payments/runtime';
import { releaseCalledOffSeats } from '../seats/purchase-seats';
import { passesChanged } from '../wallet/pass-updates';

/**
 * What follows, outside the database, a committed change that revoked tickets (a call-off by the organiser or the
 * provider, a buyer's cancellation, a transfer): the phones holding their passes are told (voided), and an order
 * called off whole gives its booked places back to the seat provider, and an invoiced order's CFDI follows its refund
 * (cancelled, or a credit note: `invoicing/after-refund.ts`). None ever fails the change.
 */
export async function afterTicketsRevoked(rt: PaymentsRuntime, purchaseId: string, ticketIds: readonly string[]): Promise<void> {
  await passesChanged(rt, ticketIds, rt.ctx.now());
  await releaseCalledOffSeats(rt.ctx, purchaseId);
  try {
    await invoiceAfterRefund(rt.ctx, purchaseId);
  } catch (error) {
    rt.log.error({ err: error, purchaseId }, 'the invoice of a refunded order was not cancelled or credited; an operator must do it at the provider');
  }
}
