import type { ApiFieldError, CorrectAnswersResponse } from '../../shared/api';
import type { AttendeeAnswers, OrderFormAnswers, OrderFormLine } from '../../shared/attendee-form';
import { withWriteTransaction } from '../db/locked-transaction';
import type { OperatorActor } from '../db/schema';
import { attendeeNames } from '../fulfilment/emit-tickets';
import { errors } from '../http/app-error';
import { issuedTicketsOfPurchase, listTicketsOfPurchase, renameTicketHolder } from '../repositories/emission.repository';
import type { PaymentsRuntime } from '../payments/runtime';
import { passesChanged } from '../wallet/pass-updates';
import { ticketsLive } from './statuses';
import { recordOrderEvent } from '../repositories/order-history.repository';
import type { Order } from '../repositories/order.repository';
import { findPurchase, updatePurchase } from '../repositories/purchase.repository';
import { attendeeAnswerProblems, plainAnswers } from '../services/attendee-info.service';
import { changesOpen, changesUntil } from './changes-window';
import { orderView, unitOfType } from './order-view';

const sameAnswer = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A deadline as the refusal says it: its UTC date and time. */
const deadlineText = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/**
 * The order page's correction of one ticket's attendee answers, until the event's `changes_until`
 * (`changes-window.ts`). The answers are made plain text and judged exactly as the form's are at
 * checkout (`attendeeAnswerProblems`: the same compiled attendee schema, for one unit of the
 * ticket's type; 400 `FORM_INVALID` with each field's message, paths relative to the ticket's
 * answers); a field the event file marks `locked_after_purchase` may not change (409 naming it).
 * Stored with the order's other answers under the purchase's row lock; the ticket's holder name
 * follows (what the PDF, the passes and the door list read), and the order's history gets a row.
 * An `operator` (the admin API) may correct them after `changes_until` and change `locked_after_purchase`
 * fields too; the history row names them.
 */
export async function correctAnswers(rt: PaymentsRuntime, order: Order, ticketId: string, given: Record<string, unknown>, operator: OperatorActor | null = null): Promise<CorrectAnswersResponse> {
  const { ctx } = rt;
  const { purchase, event } = order;
  if (!ticketsLive(purchase.status)) throw errors.orderNotPaid();
  // An operator corrects what the buyer no longer may: past the changes window, and the fields locked after purchase.
  if (operator === null && !changesOpen(event, ctx.now())) throw errors.orderChangesClosed(deadlineText(changesUntil(event)!));
  const tickets = await listTicketsOfPurchase(ctx.db.kysely, purchase.id);
  const ticket = tickets.find((t) => t.id === ticketId);
  if (!ticket) throw errors.orderTicketNotFound();
  const type = order.tickets.find((line) => line.ticket.id === ticket.ticket_type_id)!.ticket;
  if (type.form.length === 0) throw errors.formNotRequired();
  const unit = unitOfType(await issuedTicketsOfPurchase(ctx.db.kysely, purchase.id)).get(ticket.id)!;
  const typeKey = String(type.external_id);

  const line: OrderFormLine = { ticketId: type.external_id, ticketName: type.name, quantity: 1, fields: type.form };
  const answers = plainAnswers([line], { [typeKey]: [given] });
  // Judged below by the compiled schema: one attendee's answers of the form's types.
  const answer = (answers[typeKey] as AttendeeAnswers[])[0];
  const before = purchase.attendee_answers?.[typeKey]?.[unit] ?? {};
  const locked = operator === null && type.form.find((field) => field.locked_after_purchase && !sameAnswer(before[field.id], answer[field.id]));
  if (locked) throw errors.orderAnswerLocked(locked.label);
  const problems = attendeeAnswerProblems([line], answers);
  if (problems.length > 0) throw errors.formInvalid(problems.map((p): ApiFieldError => ({ ...p, path: p.path.replace(`/${typeKey}/0`, '') || '/' })));

  const now = ctx.now().toISOString();
  const corrected = await withWriteTransaction(ctx.db, async (trx) => {
    await ctx.db.dialect.lockPurchase(trx, purchase.id);
    const current = (await findPurchase(trx, purchase.id))!;
    const stored: OrderFormAnswers = { ...(current.attendee_answers ?? {}) };
    const units = [...(stored[typeKey] ?? [])];
    units[unit] = answer;
    stored[typeKey] = units;
    await updatePurchase(trx, purchase.id, { attendee_answers: stored, updated_at: now });
    const updated = { ...current, attendee_answers: stored };
    const holder = attendeeNames(updated, type, unit + 1)[unit];
    await renameTicketHolder(trx, ticket.id, holder);
    await recordOrderEvent(trx, { purchase_id: purchase.id, ticket_id: ticket.id, event_id: event.id, actor: operator ?? 'buyer', reason: 'answers_corrected', created_at: now });
    return { purchase: updated, holder };
  });
  // Committed: the phones holding the ticket's pass are told its new holder name.
  await passesChanged(rt, [ticket.id], ctx.now());
  // As the order page shows it now (the same view, so what it may do next stays right).
  const view = await orderView(ctx, { ...order, purchase: corrected.purchase });
  return { boleto: view.boletos.find((b) => b.id === ticket.id)! };
}
