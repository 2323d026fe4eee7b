import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { randomUUID } from 'node:crypto';
import type { TransferTicketRequest, TransferTicketResponse } from '../../shared/api';
import { plainText } from '../../shared/plain-text';
import { ticketSigner } from '../checkin/event-keys';
import { withStockLock } from '../db/locked-transaction';
import { deliverMail, queueTransferMail } from '../fulfilment/outbox';
import type { PaymentsRuntime } from '../payments/runtime';
import { errors } from '../http/app-error';
import { insertTickets, lastFolio } from '../repositories/emission.repository';
import { findEventById } from '../repositories/event.repository';
import { lastUnitIndex, liveTicketsOf, findTicketOfPurchase, revokeTickets, ticketReplacedBy } from '../repositories/order-changes.repository';
import { recordOrderEvent } from '../repositories/order-history.repository';
import { loadOrder } from '../repositories/order.repository';
import { findPurchase } from '../repositories/purchase.repository';
import { oneAttendeeAnswers } from '../services/attendee-info.service';
import { holderFields, holderFromAnswers } from '../../shared/attendee-form/holder-fields';
import { ATTENDEE_MESSAGE_KEYS } from '../../shared/attendee-form/message-keys';
import type { AttendeeField } from '../../shared/event-file/event-file.types';
import { before, transferPolicy } from './order-policy';
import { ticketsLive } from './statuses';
import { afterTicketsRevoked } from './after-revocation';
import { emitTicketTransferred } from '../webhooks/emit';

/** How many transfers made `ticketId` (the chain of tickets it replaced), counted up to `limit`. */
export async function transfersBehind(db: Kysely<Database>, ticketId: string, limit: number): Promise<number> {
  let count = 0;
  for (let id = await ticketReplacedBy(db, ticketId); id && count < limit; id = await ticketReplacedBy(db, id)) count += 1;
  return count;
}

/**
 * The new holder's name and e-mail: those the request names, else the answers to the form's fields that give a
 * ticket's holder (`holderFields`: the dialog does not ask them twice); neither → 400 on the field to fill.
 */
function newHolder(form: AttendeeField[], request: TransferTicketRequest, answers: Record<string, unknown>): { name: string; email: string } {
  const fields = holderFields(form);
  const answered = holderFromAnswers(fields, answers);
  const name = plainText(request.name?.trim() || answered.name || '', { multiline: false }).trim();
  const email = (request.email?.trim() || answered.email || '').toLowerCase();
  const missing = [
    ...(name ? [] : [{ path: fields.name ? `/answers/${fields.name}` : '/name', message: ATTENDEE_MESSAGE_KEYS.required }]),
    ...(email ? [] : [{ path: fields.email ? `/answers/${fields.email}` : '/email', message: ATTENDEE_MESSAGE_KEYS.required }]),
  ];
  if (missing.length > 0) throw errors.formInvalid(missing);
  return { name, email };
}

/**
 * Gives one ticket of a paid order to another person, while the event's `transfers` allow (deadline, times per
 * ticket). The caller holds the purchase's key (the buyer) or the ticket's own (its holder after an earlier
 * transfer); the buyer cannot pass on a ticket already given to someone else. The new holder's answers are judged by
 * the same compiled schema as the purchase's form. In one transaction under the event's stock lock: the old ticket is
 * revoked (`transferred`: the door answers `revoked`; of two transfers at once the second finds it revoked → 409),
 * a new ticket row is issued in the same purchase and emission (next folio, a new signed code, the same type and
 * seat, the new holder's name, e-mail and answers), the transfer is recorded in the order's events, and the new
 * holder's e-mail is queued (their ticket, and a key of their own that opens that ticket only) and sent.
 */
export async function transferTicket(rt: PaymentsRuntime, purchaseId: string, ticketId: string, access: { ticketId: string | null }, request: TransferTicketRequest): Promise<TransferTicketResponse> {
  const { ctx } = rt;
  const db = ctx.db.kysely;
  const purchase = await findPurchase(db, purchaseId);
  if (!purchase) throw errors.purchaseNotFound();
  if (access.ticketId !== null && access.ticketId !== ticketId) throw errors.ticketNotFound();
  const event = (await findEventById(db, purchase.event_id))!;
  const policy = transferPolicy(event);
  if (!policy.allowed) throw errors.transfersNotAllowed();
  if (!before(policy.until, ctx.now())) throw errors.transferDeadlinePassed(policy.until!);
  if (!ticketsLive(purchase.status)) throw errors.orderNotPaid();
  const old = await findTicketOfPurchase(db, purchaseId, ticketId);
  if (!old) throw errors.ticketNotFound();
  if (access.ticketId === null && old.holder_email !== null) throw errors.ticketNotTransferable();
  if ((await transfersBehind(db, ticketId, policy.maxPerTicket)) >= policy.maxPerTicket) throw errors.transferLimitReached(policy.maxPerTicket);
  const type = (await loadOrder(db, purchaseId))!.tickets.find((line) => line.ticket.id === old.ticket_type_id)!.ticket;
  const answers = oneAttendeeAnswers(type, request.answers ?? {});
  const { name, email } = newHolder(type.form, request, answers);

  const created = await withStockLock(ctx.db, purchase.event_id, async (trx) => {
    await ctx.db.dialect.lockPurchase(trx, purchaseId);
    if (!ticketsLive((await findPurchase(trx, purchaseId))!.status)) throw errors.orderNotPaid();
    const live = (await liveTicketsOf(trx, purchaseId)).find((t) => t.id === ticketId);
    if (!live || live.entered) throw errors.ticketNotTransferable();
    const now = ctx.now().toISOString();
    if ((await revokeTickets(trx, purchase.event_id, [ticketId], 'transferred', now)) !== 1) throw errors.ticketNotTransferable();
    const id = randomUUID();
    const folio = (await lastFolio(trx, purchase.event_id)) + 1;
    const signCode = await ticketSigner(trx, ctx.config.signingSecret, purchase.event_id, now);
    await insertTickets(trx, [{
      id, emission_id: old.emission_id, purchase_id: purchaseId, event_id: purchase.event_id, ticket_type_id: old.ticket_type_id,
      unit_index: (await lastUnitIndex(trx, purchaseId)) + 1, folio, qr_secret: signCode({ ticketId: id, ticketType: type.external_id, seat: old.seat_label }),
      attendee_name: name, seat_label: old.seat_label, transferred_from: ticketId, holder_email: email, holder_answers_json: JSON.stringify(answers), created_at: now,
    }]);
    await recordOrderEvent(trx, { purchase_id: purchaseId, ticket_id: ticketId, event_id: purchase.event_id, actor: access.ticketId === null ? 'buyer' : 'holder', reason: 'ticket_transferred', note: `folio ${folio}`, created_at: now });
    await queueTransferMail(trx, purchase, id, email, now);
    await emitTicketTransferred(trx, purchase.event_id, { purchaseId, oldTicketId: ticketId, newTicketId: id, now });
    return { id, folio };
  });
  // Committed: the phones holding the old ticket's pass are told it is void.
  await afterTicketsRevoked(rt, purchaseId, [ticketId]);
  await deliverMail(rt, purchaseId);
  return { purchase_id: purchaseId, revoked_ticket_id: ticketId, ticket_id: created.id, folio: created.folio };
}
