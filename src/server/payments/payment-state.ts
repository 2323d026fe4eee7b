import type { AttemptStatus } from '../db/schema';

/**
 * The order a payment attempt's status moves in; it never goes back.
 * created → pending → rejected | cancelled → approved → refunded. A later
 * "approved" wins over an earlier decline (a voucher paid after a failed try),
 * never the other way round.
 */
const RANK: Record<AttemptStatus, number> = { created: 0, pending: 1, rejected: 2, cancelled: 2, approved: 3, refunded: 4 };

/** The statuses an attempt may leave to reach `next`. */
export function statusesBefore(next: AttemptStatus): AttemptStatus[] {
  return (Object.keys(RANK) as AttemptStatus[]).filter((status) => RANK[status] < RANK[next]);
}
