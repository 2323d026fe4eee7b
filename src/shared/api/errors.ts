import type { EventFileProblem } from '../event-file/event-file-problem';

/** One refused field of a FORM_INVALID answer: a JSON pointer into the request body and an i18n key or sentence. */
export interface ApiFieldError {
  path: string;
  message: string;
}

/**
 * The body of every 4xx/5xx answer. `mensaje` is the human sentence (Spanish by default),
 * `code` the stable machine name; `errors` lists the per-field refusals of a validation answer.
 */
export interface ApiErrorBody {
  mensaje: string;
  code: string;
  errors?: ApiFieldError[];
  /** CARD_PAYMENT_REJECTED (402): the refused payment's id at the provider, when it exists there. */
  payment_id?: string;
  /** CARD_PAYMENT_REJECTED (402): the provider's reason, null when unknown. */
  status_detail?: string | null;
  /** EVENT_INVALID (400), CAPACITY_BELOW_SOLD (409): where the saved event file is wrong (JSON pointer) and why. */
  problems?: EventFileProblem[];
}
