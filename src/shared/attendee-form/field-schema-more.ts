import type { AttendeeField } from '../event-file/event-file.types';
import { ANSWER_KEYWORDS, CURP_PATTERN, RFC_PATTERN } from '../validation/answer-keywords';

export { CURP_PATTERN, RFC_PATTERN };
import { COUNTRY_CODES } from './country-codes';
import type { SchemaNode } from './field-schema';
import { ATTENDEE_MESSAGE_KEYS as KEY } from './message-keys';

/** curp/rfc: the string schema of field-schema.ts, plus the CURP check digit. */
export function codeSchema(_field: AttendeeField, schema: SchemaNode, checkDigit: boolean): SchemaNode {
  if (!checkDigit) return schema;
  return {
    ...schema,
    [ANSWER_KEYWORDS.curpCheckDigit]: true,
    errorMessage: { ...(schema.errorMessage as Record<string, string>), [ANSWER_KEYWORDS.curpCheckDigit]: KEY.curpCheckDigit },
  };
}

/**
 * date: a `YYYY-MM-DD` string (what a native date input gives) naming a real day, within the
 * operator's minDate/maxDate. `maxLength` 10 bounds the work before any keyword runs.
 */
export function dateSchema(field: AttendeeField): SchemaNode {
  const { minDate, maxDate } = field.validation ?? {};
  const schema: SchemaNode = { type: 'string', title: field.label, maxLength: 10, [ANSWER_KEYWORDS.calendarDate]: true };
  const errorMessage: Record<string, string> = { type: KEY.date, maxLength: KEY.date, [ANSWER_KEYWORDS.calendarDate]: KEY.date };
  if (field.required) {
    schema.minLength = 1;
    errorMessage.minLength = KEY.required;
  }
  if (minDate) {
    schema[ANSWER_KEYWORDS.earliestDate] = minDate.value;
    errorMessage[ANSWER_KEYWORDS.earliestDate] = minDate.message ?? KEY.dateMin;
  }
  if (maxDate) {
    schema[ANSWER_KEYWORDS.latestDate] = maxDate.value;
    errorMessage[ANSWER_KEYWORDS.latestDate] = maxDate.message ?? KEY.dateMax;
  }
  schema.errorMessage = errorMessage;
  return schema;
}

/**
 * multiselect: an array of distinct options. An empty array is "not answered" (only a required
 * field complains, with the required key); minChoices applies to an answer that chose
 * something, written as `not: {minItems: 1, maxItems: min − 1}` since `minItems` alone would
 * also refuse the empty answer of an optional field.
 */
export function multiselectSchema(field: AttendeeField): SchemaNode {
  const values = [...(field.options?.values ?? [])];
  const { minChoices, maxChoices } = field.validation ?? {};
  const schema: SchemaNode = {
    type: 'array',
    title: field.label,
    // A choice that is not an option can only come from a request that skipped the form.
    items: { type: 'string', enum: values, errorMessage: KEY.options },
    uniqueItems: true,
    maxItems: Math.min(maxChoices?.value ?? values.length, values.length),
  };
  const errorMessage: Record<string, string> = {
    type: KEY.invalid,
    uniqueItems: KEY.options,
    maxItems: maxChoices?.message ?? KEY.maxChoices,
  };
  if (field.required) {
    schema.minItems = 1;
    errorMessage.minItems = KEY.required;
  }
  if (minChoices && minChoices.value > 1) {
    schema.not = { minItems: 1, maxItems: minChoices.value - 1 };
    errorMessage.not = minChoices.message ?? KEY.minChoices;
  }
  schema.errorMessage = errorMessage;
  return schema;
}

/** country: one ISO 3166-1 alpha-2 code; the form shows the names in the buyer's language. */
export function countrySchema(field: AttendeeField): SchemaNode {
  return {
    type: 'string',
    title: field.label,
    enum: [...COUNTRY_CODES],
    errorMessage: { type: KEY.country, enum: KEY.country },
  };
}
