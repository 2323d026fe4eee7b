import type { Kysely } from 'kysely';
import type { HoldLimits, ServerConfig } from '../config';
import type { Database } from '../db/schema';
import { errors } from '../http/app-error';
import type { EventRow, TicketTypeRow } from '../repositories/event.repository';
import { openVouchersOfBuyer, ticketUnitsHeldByClient, voucherUnitsByTicketType } from '../repositories/hold.repository';

/**
 * Caps on stock kept unpaid, so one client cannot hold an event hostage (the reasoning,
 * and why the per-client cap is generous, is in docs/decisions/007-inventory-holds.md).
 * Every check runs inside the event's stock lock, next to the write it guards.
 */

/** The event file's `hold_limits` over the server defaults (HOLD_MAX_UNITS_PER_CLIENT, VOUCHER_MAX_PER_BUYER, VOUCHER_MAX_SHARE). */
export function holdLimitsOf(event: Pick<EventRow, 'hold_limits'>, config: ServerConfig): HoldLimits {
  const file = event.hold_limits;
  return {
    maxUnitsPerClient: file.max_units_per_client ?? config.holdLimits.maxUnitsPerClient,
    maxVouchersPerBuyer: file.max_vouchers_per_buyer ?? config.holdLimits.maxVouchersPerBuyer,
    maxVoucherShare: file.max_voucher_share ?? config.holdLimits.maxVoucherShare,
  };
}

/** Refuses a new hold that would take one client past the event's cap of unpaid ticket units. */
export async function assertClientMayHold(trx: Kysely<Database>, limits: HoldLimits, eventId: number, clientKey: string, units: number, now: string) {
  const held = await ticketUnitsHeldByClient(trx, eventId, clientKey, now);
  if (held + units > limits.maxUnitsPerClient) throw errors.holdLimitReached(held, limits.maxUnitsPerClient);
}

/**
 * Refuses a cash voucher (it keeps stock for days) when the buyer already has the event's
 * number of open vouchers, or when the purchase's tickets would push a ticket type past
 * the share of its capacity that may sit in unpaid vouchers.
 */
export async function assertVoucherAllowed(
  trx: Kysely<Database>,
  limits: HoldLimits,
  purchase: { id: string; event_id: number; buyer_email: string },
  lines: { ticket: TicketTypeRow; quantity: number }[],
  now: string,
) {
  const open = await openVouchersOfBuyer(trx, purchase.event_id, purchase.buyer_email, now, purchase.id);
  if (open >= limits.maxVouchersPerBuyer) throw errors.voucherLimitReached(open, limits.maxVouchersPerBuyer);
  const inVouchers = await voucherUnitsByTicketType(trx, purchase.event_id, now, purchase.id);
  for (const { ticket, quantity } of lines) {
    const allowed = Math.ceil(limits.maxVoucherShare * ticket.capacity);
    if ((inVouchers.get(ticket.id) ?? 0) + quantity > allowed) throw errors.voucherShareReached(ticket.name);
  }
}

/**
 * The e-mail a voucher cap counts by: trimmed, lower case, without a `+tag`, and for Gmail
 * without dots — the same inbox must not pass for several buyers.
 */
export function normaliseBuyerEmail(email: string): string {
  const [local, domain] = email.trim().toLowerCase().split(/@(?=[^@]*$)/);
  if (!domain) return email.trim().toLowerCase();
  let name = local.split('+')[0] || local;
  if (domain === 'gmail.com' || domain === 'googlemail.com') name = name.replace(/\./g, '');
  return `${name}@${domain === 'googlemail.com' ? 'gmail.com' : domain}`;
}
