import type { Kysely } from 'kysely';
import type { PricedTicketLine } from '../../shared/pricing';
import { discountCodeCents } from '../../shared/pricing';
import type { Database } from '../db/schema';
import { errors } from '../http/app-error';
import { findDiscountCode, type DiscountCodeRow } from '../repositories/event.repository';
import { discountUses } from '../repositories/stock.repository';
import { discountRuleFor } from './order-pricing';

/**
 * The discount code `code` of an event, if it may be used now on these ticket
 * lines: it exists, its window is open, it has uses left and it takes something
 * off. Throws the matching 4xx otherwise. `known`: the code's row as the caller read it
 * moments ago (a code without a use limit: nothing about it changes under the caller's lock),
 * which spares reading it again.
 */
export async function usableDiscountCode(
  db: Kysely<Database>,
  eventId: number,
  code: string,
  tickets: PricedTicketLine[],
  now: string,
  excludePurchaseId?: string,
  known?: DiscountCodeRow,
): Promise<DiscountCodeRow> {
  if (code.trim() === '') throw errors.emptyDiscount();
  const row = known && known.max_uses === null ? known : await findDiscountCode(db, eventId, code);
  if (!row) throw errors.discountNotFound();
  if (row.valid_from && now < row.valid_from) throw errors.discountNotYetValid();
  if (row.valid_until && now >= row.valid_until) throw errors.discountExpired();
  if (row.max_uses !== null && (await discountUses(db, row.id, now, excludePurchaseId)) >= row.max_uses) {
    throw errors.discountExhausted();
  }
  if (discountCodeCents(tickets, discountRuleFor(row)) <= 0) throw errors.discountNotApplicable();
  return row;
}
