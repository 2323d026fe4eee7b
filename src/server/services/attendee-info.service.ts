import type { ValidateFunction } from 'ajv';
import { createHash } from 'node:crypto';
import type { AddInfoResponse, ApiFieldError } from '../../shared/api';
import { answerProblems, ATTENDEE_MESSAGE_KEYS, compileOrderForm, fileAnswerLimits, type OrderFormAnswers, type OrderFormLine } from '../../shared/attendee-form';
import { oversizedShape } from '../../shared/validation/closed-shape';
import { plainText } from '../../shared/plain-text';
import { createAjv } from '../../shared/validation/create-ajv';
import type { AppContext } from '../context';
import { errors } from '../http/app-error';
import type { TicketTypeRow } from '../repositories/event.repository';
import { updatePurchase } from '../repositories/purchase.repository';
import { decodeDataUrl, sniffImage } from './image-sniff';
import { needsAttendeeForm, openOrder } from './purchase.service';

const ajv = createAjv();
/**
 * Compiled validators by the order form's schema (hashed), never by row ids: two databases in one
 * process (tests, a restore) can give one event id and version to different forms.
 */
const validatorCache = new Map<string, { schema: object; validate: ValidateFunction }>();
const CACHE_LIMIT = 500;

function validatorFor(lines: OrderFormLine[]): { schema: object; validate: ValidateFunction } {
  const { schema } = compileOrderForm(lines);
  const key = createHash('sha256').update(JSON.stringify(schema)).digest('base64url');
  const cached = validatorCache.get(key);
  if (cached) return cached;
  const compiled = { schema, validate: ajv.compile(schema) };
  if (validatorCache.size >= CACHE_LIMIT) validatorCache.delete(validatorCache.keys().next().value!);
  validatorCache.set(key, compiled);
  return compiled;
}

/** Re-checks every file answer by its decoded bytes: a real image (its header parses), of an allowed type, no larger than allowed. */
function fileErrors(lines: OrderFormLine[], form: Record<string, unknown>): ApiFieldError[] {
  const found: ApiFieldError[] = [];
  for (const line of lines) {
    const answers = (form[String(line.ticketId)] ?? []) as Record<string, unknown>[];
    for (const field of line.fields.filter((f) => f.type === 'file')) {
      answers.forEach((answer, iteration) => {
        const value = answer?.[field.id];
        if (typeof value !== 'string' || value === '') return;
        const path = `/${line.ticketId}/${iteration}/${field.id}`;
        const decoded = decodeDataUrl(value);
        const realType = decoded ? sniffImage(decoded.bytes)?.mime : undefined;
        const limits = fileAnswerLimits(field);
        if (!decoded || !realType) found.push({ path, message: 'errors:attendee.invalidImage' });
        else if (limits.allowedMimeTypes && !limits.allowedMimeTypes.includes(realType)) found.push({ path, message: field.validation?.allowedFormats?.message ?? 'errors:attendee.invalidImage' });
        else if (limits.maxBytes !== undefined && decoded.bytes.length > limits.maxBytes) found.push({ path, message: field.validation?.maxSize?.message ?? 'errors:attendee.imageTooLarge' });
      });
    }
  }
  return found;
}

/**
 * The server's whole verdict on an order's attendee answers: first the shape (more answers or
 * attendee blocks than the order's form holds is one problem, judged in time bounded by the
 * form), then the compiled order schema with every error (the same attendee schemas the
 * browser's precompiled validators judge), then every image's decoded bytes. Empty = accepted.
 * `event:check` runs answer cases through it.
 */
export function attendeeAnswerProblems(lines: OrderFormLine[], form: unknown): ApiFieldError[] {
  const { schema, validate } = validatorFor(lines);
  const oversized = oversizedShape(schema, form);
  if (oversized) return [{ path: oversized.pointer, message: oversized.message ?? ATTENDEE_MESSAGE_KEYS.invalid }];
  if (!validate(form)) return answerProblems(validate.errors).map((p) => ({ path: p.pointer, message: p.message }));
  return fileErrors(lines, form as Record<string, unknown>);
}

function orderFormLines(tickets: { ticket: TicketTypeRow; quantity: number }[]): OrderFormLine[] {
  return tickets
    .map(({ ticket, quantity }) => ({ ticketId: ticket.external_id, ticketName: ticket.name, quantity, fields: ticket.form }))
    .filter((line) => line.fields.length > 0);
}

/**
 * The answers with every text answer made plain text (control, bidi-override and zero-width
 * characters removed; line breaks kept only in a textarea), before they are judged and stored:
 * names and answers are shown on the tickets, the pass and in e-mails. Anything else is left
 * as sent (the schema judges it).
 */
export function plainAnswers(lines: OrderFormLine[], form: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...form };
  for (const line of lines) {
    const units = form[String(line.ticketId)];
    if (!Array.isArray(units)) continue;
    out[String(line.ticketId)] = units.map((unit: unknown) => {
      if (typeof unit !== 'object' || unit === null || Array.isArray(unit)) return unit;
      const answer: Record<string, unknown> = { ...unit };
      for (const field of line.fields) {
        const value = answer[field.id];
        if (typeof value === 'string' && field.type !== 'file') answer[field.id] = plainText(value, { multiline: field.type === 'textarea' });
      }
      return answer;
    });
  }
  return out;
}

/**
 * One attendee's answers to `ticket`'s form (a transfer's new holder), made plain text and judged by the same
 * compiled order schema as a purchase's (one unit of the type); 400 with per-field errors otherwise. Returns them cleaned.
 */
export function oneAttendeeAnswers(ticket: TicketTypeRow, answers: Record<string, unknown>): Record<string, unknown> {
  const lines = orderFormLines([{ ticket, quantity: 1 }]);
  if (lines.length === 0) return {};
  const form = plainAnswers(lines, { [String(ticket.external_id)]: [answers] });
  const problems = attendeeAnswerProblems(lines, form);
  if (problems.length > 0) throw errors.formInvalid(problems);
  return (form[String(ticket.external_id)] as Record<string, unknown>[])[0];
}

/**
 * Validates attendee answers against the event's compiled attendee schema (the same
 * function the storefront renders from) and stores them; 400 with per-field errors otherwise.
 */
export async function saveAttendeeInfo(ctx: AppContext, purchaseId: string, form: Record<string, unknown>): Promise<AddInfoResponse> {
  const db = ctx.db.kysely;
  const now = ctx.now().toISOString();
  const { purchase, tickets } = await openOrder(db, purchaseId, now);
  if (!needsAttendeeForm(tickets.map((t) => t.ticket))) throw errors.formNotRequired();
  const lines = orderFormLines(tickets);
  const answers = plainAnswers(lines, form);
  const problems = attendeeAnswerProblems(lines, answers);
  if (problems.length > 0) throw errors.formInvalid(problems);
  // The compiled schema has just checked the shape: one answer object per unit of each ticket type.
  await updatePurchase(db, purchase.id, { attendee_answers: answers as OrderFormAnswers, form_completed: 1, updated_at: now });
  return { purchase_id: purchase.id, form_completed: true, isFormRequiered: true };
}
