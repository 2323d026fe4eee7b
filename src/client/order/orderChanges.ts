import type { ApiFieldError, CancelOrderResponse } from '../../shared/api';
import { checkClabe, type ClabeProblem } from '../../shared/clabe';

/**
 * What the CLABE field says as the buyer types: nothing yet (empty, or still short of 18 digits), the bank
 * when the CLABE checks out, or its problem (`order:cancel.clabe.<problem>`, `code` the unknown bank or place).
 */
export type ClabeFeedback = { state: 'typing' } | { state: 'ok'; clabe: string; bank: string } | { state: 'problem'; problem: ClabeProblem; code?: string };

export function clabeFeedback(input: string): ClabeFeedback {
  const digits = input.replace(/[\s-]/g, '');
  const checked = checkClabe(digits);
  if (checked.ok) return { state: 'ok', clabe: checked.clabe, bank: checked.bank };
  if (checked.problem === 'length' && /^\d{0,17}$/.test(digits)) return { state: 'typing' };
  return 'code' in checked ? { state: 'problem', problem: checked.problem, code: checked.code } : { state: 'problem', problem: checked.problem };
}

/** The server's refusals of a cancellation that belong on the CLABE field (missing, length, control digit, bank, place). */
export function isClabeRefusal(code: string | undefined): boolean {
  return code !== undefined && code.startsWith('CLABE_');
}

/** Where a transfer's per-field refusals go: the new holder's name or e-mail, or the attendee form (pointers relative to it). */
export interface TransferProblems {
  name?: string;
  email?: string;
  answers: { pointer: string; message: string }[];
}

/** Sorts a transfer's field errors: `/name`, `/email`, and the attendee form's `/{type}/0/…` (or `/answers/…`) made relative to the form. */
export function transferProblems(fieldErrors: ApiFieldError[]): TransferProblems {
  const out: TransferProblems = { answers: [] };
  for (const { path, message } of fieldErrors) {
    if (path === '/name') out.name = message;
    else if (path === '/email') out.email = message;
    else out.answers.push({ pointer: path.replace(/^\/(?:answers|[^/]+\/0)(?=\/|$)/, '') || '/', message });
  }
  return out;
}

/** The sentence of a cancellation's outcome (`order:cancel.result.<key>`): refunded through the provider, owed, a CLABE payout queued, or nothing to give back. */
export function cancelResultKey(answer: CancelOrderResponse): 'provider' | 'owed' | 'payout' | 'none' {
  if (answer.refund <= 0 || answer.refund_via === 'none') return 'none';
  if (answer.refund_via === 'payout') return 'payout';
  return answer.refund_status === 'owed' ? 'owed' : 'provider';
}
