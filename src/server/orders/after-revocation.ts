import type { PaymentsRuntime } from '../payments/runtime';
import { releaseCalledOffSeats } from '../seats/purchase-seats';
import { passesChanged } from '../wallet/pass-updates';

/**
 * What follows, outside the database, a committed change that revoked tickets (a call-off by the organiser or the
 * provider, a buyer's cancellation, a transfer): the phones holding their passes are told (voided), and an order
 * called off whole gives its booked places back to the seat provider. Neither ever fails the change.
 */
export async function afterTicketsRevoked(rt: PaymentsRuntime, purchaseId: string, ticketIds: readonly string[]): Promise<void> {
  await passesChanged(rt, ticketIds, rt.ctx.now());
  await releaseCalledOffSeats(rt.ctx, purchaseId);
}
