import type { PurchaseStatus } from '../db/schema';

/** The statuses of a paid purchase whose tickets not revoked admit their holders (and whose units are in `sold`). */
export const TICKETS_LIVE = ['paid', 'partially_cancelled'] as const satisfies readonly PurchaseStatus[];

/** Whether a purchase in `status` has live tickets (paid, maybe partly cancelled). */
export function ticketsLive(status: PurchaseStatus): boolean {
  return (TICKETS_LIVE as readonly PurchaseStatus[]).includes(status);
}
