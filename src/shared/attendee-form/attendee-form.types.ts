import type { JSONSchema7 } from 'json-schema';
import type { AttendeeField } from '../event-file/event-file.types';

/** An rjsf uiSchema (kept structural so src/shared does not depend on @rjsf/utils). */
export type UiSchema = { [key: string]: unknown };

/** A compiled form: JSON Schema (with ajv-errors `errorMessage`) plus its uiSchema. */
export interface CompiledForm {
  schema: JSONSchema7;
  uiSchema: UiSchema;
}

/** One ticket line of an order, as compileOrderForm needs it. */
export interface OrderFormLine {
  ticketId: number;
  ticketName: string;
  quantity: number;
  fields: AttendeeField[];
}

/** One attendee's answers, keyed by field id (file answers are data URLs, multiselect answers arrays of options). */
export type AttendeeAnswers = { [fieldId: string]: string | number | boolean | string[] };

/** A whole submission: ticket id → one answers object per unit (iteration 0, 1, …). */
export type OrderFormAnswers = { [ticketId: string]: AttendeeAnswers[] };

/** A failed answer, addressed by JSON pointer into the answers (e.g. `/1/0/email`). */
export interface AnswerProblem {
  pointer: string;
  /** An i18n key (`errors:attendee.*`) or the operator's own sentence. */
  message: string;
}
