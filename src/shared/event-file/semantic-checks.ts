import { attendeeFormProblems, type FieldProblemCode } from '../attendee-form/attendee-field-problems';
import type { AttendeeField } from './event-file.types';
import { checkinListProblems, eventDetailsProblems, type EventDetailsProblemCode } from './event-details-checks';
import { waitingRoomProblems, type WaitingRoomProblemCode } from './waiting-room-checks';
import { fieldLimitProblems, type FieldLimitProblemCode, type PatternVerdicts } from './field-limit-checks';
import { installmentsProblems, type InstallmentsProblemCode } from './installments-checks';
import { waitingListProblems, type WaitingListProblemCode } from './waiting-list-checks';

/** Rules that span several values, which JSON Schema cannot express. */
export type SemanticProblemCode =
  | FieldProblemCode
  | FieldLimitProblemCode
  | EventDetailsProblemCode
  | WaitingRoomProblemCode
  | InstallmentsProblemCode
  | WaitingListProblemCode
  | 'reservedUrl'
  | 'duplicateTicketId'
  | 'duplicateProductId'
  | 'duplicateDiscountCode'
  | 'minimumAboveMaximum'
  | 'tooManyDecimals'
  | 'mdFieldMissing'
  | 'mdPercentAbove100'
  | 'mdMinimumUnreachable'
  | 'mdAmountAboveLineTotal'
  | 'percentOutOfRange'
  | 'percentAndAmount'
  | 'neitherPercentNorAmount'
  | 'validFromNotBeforeUntil'
  | 'unknownDiscountTicket'
  | 'duplicateProductOptionId'
  | 'productOptionWithoutValues'
  | 'accessCodeNotHidden';

export interface SemanticProblem {
  pointer: string;
  code: SemanticProblemCode;
  params: Record<string, string | number>;
}

/** Slugs taken by the server or the built assets: /api/…, /assets/…. */
export const RESERVED_URLS: readonly string[] = ['api', 'assets', 'checkin', 'admin'];

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const objectsOf = (value: unknown): [Json, number][] =>
  Array.isArray(value) ? value.flatMap((item, index) => (isObject(item) ? [[item, index] as [Json, number]] : [])) : [];
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Money in pesos must be a whole number of centavos. */
const hasAtMostTwoDecimals = (value: number): boolean => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/**
 * Checks an event file for what its schema cannot say. Defensive: it runs on raw JSON
 * even when the schema failed, and only judges values that have the right type (so a
 * value the schema already rejected is not reported twice). `patterns`: recheck's verdicts on the
 * file's attendee patterns (`patternVerdicts`).
 */
export function semanticProblems(file: unknown, patterns: PatternVerdicts): SemanticProblem[] {
  const problems: SemanticProblem[] = [];
  const add = (pointer: string, code: SemanticProblemCode, params: Record<string, string | number> = {}) =>
    problems.push({ pointer, code, params });
  if (!isObject(file)) return problems;

  if (typeof file.url === 'string' && RESERVED_URLS.includes(file.url)) add('/url', 'reservedUrl', { url: file.url });
  problems.push(...eventDetailsProblems(file.event));

  const money = (pointer: string, value: unknown) => {
    if (isNumber(value) && !hasAtMostTwoDecimals(value)) add(pointer, 'tooManyDecimals', { value });
  };

  const ticketIds = new Set<number>();
  for (const [ticket, i] of objectsOf(file.tickets)) {
    const at = `/tickets/${i}`;
    if (isNumber(ticket.id)) {
      if (ticketIds.has(ticket.id)) add(`${at}/id`, 'duplicateTicketId', { id: ticket.id });
      ticketIds.add(ticket.id);
    }
    money(`${at}/price`, ticket.price);
    // A listed type needs no code; one here would suggest the operator meant to hide it.
    if (typeof ticket.access_code === 'string' && ticket.hidden !== true) add(`${at}/access_code`, 'accessCodeNotHidden');
    const { minimum, maximum } = ticket;
    if (isNumber(minimum) && isNumber(maximum) && maximum > 0 && minimum > maximum) {
      add(`${at}/minimum`, 'minimumAboveMaximum', { minimum, maximum });
    }
    if (ticket.md === true) checkVolumeDiscount(ticket, at, add, money);
    if (Array.isArray(ticket.form)) {
      for (const problem of attendeeFormProblems(ticket.form as AttendeeField[])) {
        // An unknown type is already an `enum` error of the schema.
        if (problem.code !== 'unknownType') add(`${at}/form${problem.pointer}`, problem.code, problem.params);
      }
      for (const [field, j] of objectsOf(ticket.form)) {
        for (const problem of fieldLimitProblems(field, patterns)) add(`${at}/form/${j}${problem.pointer}`, problem.code, problem.params);
      }
    }
  }

  const productIds = new Set<number>();
  for (const [product, i] of objectsOf(file.productos)) {
    const at = `/productos/${i}`;
    if (isNumber(product.id)) {
      if (productIds.has(product.id)) add(`${at}/id`, 'duplicateProductId', { id: product.id });
      productIds.add(product.id);
    }
    money(`${at}/precio`, product.precio);
    const { minimo, maximo } = product;
    if (isNumber(minimo) && isNumber(maximo) && maximo > 0 && minimo > maximo) {
      add(`${at}/minimo`, 'minimumAboveMaximum', { minimum: minimo, maximum: maximo });
    }
    const optionIds = new Set<string>();
    for (const [option, j] of objectsOf(product.opciones)) {
      const optionAt = `${at}/opciones/${j}`;
      if (typeof option.id === 'string') {
        if (optionIds.has(option.id)) add(`${optionAt}/id`, 'duplicateProductOptionId', { id: option.id });
        optionIds.add(option.id);
      }
      const values = isObject(option.options) && Array.isArray(option.options.values) ? option.options.values : undefined;
      if (values && values.length === 0) add(`${optionAt}/options/values`, 'productOptionWithoutValues');
      const seen = new Set<unknown>();
      values?.forEach((value, k) => {
        if (seen.has(value)) add(`${optionAt}/options/values/${k}`, 'duplicateOptionValue', { value: String(value) });
        seen.add(value);
      });
    }
  }

  const codes = new Set<string>();
  for (const [discount, i] of objectsOf(file.discount_codes)) {
    const at = `/discount_codes/${i}`;
    if (typeof discount.code === 'string') {
      const normalised = discount.code.toUpperCase();
      if (codes.has(normalised)) add(`${at}/code`, 'duplicateDiscountCode', { code: discount.code });
      codes.add(normalised);
    }
    const hasPercent = discount.percent !== undefined;
    const hasAmount = discount.amount !== undefined;
    if (hasPercent && hasAmount) add(at, 'percentAndAmount');
    if (!hasPercent && !hasAmount) add(at, 'neitherPercentNorAmount');
    if (isNumber(discount.percent) && (discount.percent < 0 || discount.percent > 100)) {
      add(`${at}/percent`, 'percentOutOfRange', { value: discount.percent });
    }
    money(`${at}/amount`, discount.amount);
    const from = typeof discount.valid_from === 'string' ? Date.parse(discount.valid_from) : NaN;
    const until = typeof discount.valid_until === 'string' ? Date.parse(discount.valid_until) : NaN;
    if (!Number.isNaN(from) && !Number.isNaN(until) && from >= until) {
      add(`${at}/valid_until`, 'validFromNotBeforeUntil', { from: String(discount.valid_from), until: String(discount.valid_until) });
    }
    if (Array.isArray(discount.ticket_ids)) {
      discount.ticket_ids.forEach((id, j) => {
        if (isNumber(id) && !ticketIds.has(id)) add(`${at}/ticket_ids/${j}`, 'unknownDiscountTicket', { id });
      });
    }
  }
  problems.push(...checkinListProblems(file.checkin_lists, ticketIds));
  problems.push(...waitingRoomProblems(file.waiting_room));
  if (isObject(file.installments)) money('/installments/min_amount', file.installments.min_amount);
  problems.push(...installmentsProblems(file));
  problems.push(...waitingListProblems(file));
  return problems;
}

function checkVolumeDiscount(
  ticket: Json,
  at: string,
  add: (pointer: string, code: SemanticProblemCode, params?: Record<string, string | number>) => void,
  money: (pointer: string, value: unknown) => void,
): void {
  for (const field of ['md_quantity', 'md_minimum'] as const) {
    if (ticket[field] === undefined) add(`${at}/${field}`, 'mdFieldMissing', { field });
  }
  const { md_quantity: value, md_minimum: minimumUnits, maximum, price } = ticket;
  if (ticket.md_ispercentage === true) {
    if (isNumber(value) && value > 100) add(`${at}/md_quantity`, 'mdPercentAbove100', { value });
  } else {
    money(`${at}/md_quantity`, value);
    // A fixed discount larger than the smallest line it applies to would make that line negative.
    if (isNumber(value) && isNumber(price) && isNumber(minimumUnits) && value > price * minimumUnits) {
      add(`${at}/md_quantity`, 'mdAmountAboveLineTotal', { value, total: price * minimumUnits });
    }
  }
  if (isNumber(minimumUnits) && isNumber(maximum) && maximum > 0 && minimumUnits > maximum) {
    add(`${at}/md_minimum`, 'mdMinimumUnreachable', { md_minimum: minimumUnits, maximum });
  }
}
