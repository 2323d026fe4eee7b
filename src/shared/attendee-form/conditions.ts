import type { AttendeeField } from '../event-file/event-file.types';
import type { SchemaNode } from './field-schema';
import { ATTENDEE_MESSAGE_KEYS as KEY } from './message-keys';

type Scalar = string | number | boolean;

/** One field's condition, normalised: shown while `field`'s answer is one of `in` (for a multiselect: includes one). */
export interface FieldCondition {
  field: string;
  in: Scalar[];
}

/** Field id → its condition, in the form's field order. */
export type FieldConditions = Record<string, FieldCondition>;

/**
 * Where a compiled attendee schema keeps its conditions as data (an `x-` annotation, which ajv
 * ignores): the form reads them to show and hide fields live and to drop hidden answers.
 */
export const VISIBLE_WHEN_KEY = 'x-visibleWhen';

/** The conditions of a field list (fields without `visible_when` are always shown). */
export function fieldConditions(fields: readonly AttendeeField[]): FieldConditions {
  const conditions: FieldConditions = {};
  for (const field of fields) {
    const when = field.visible_when;
    if (!when) continue;
    conditions[field.id] = { field: when.field, in: when.in ? [...when.in] : when.equals !== undefined ? [when.equals] : [] };
  }
  return conditions;
}

/** The conditions a compiled attendee schema carries (none when it has none). */
export function conditionsOf(schema: unknown): FieldConditions {
  const found = (schema as Record<string, unknown> | null | undefined)?.[VISIBLE_WHEN_KEY];
  return typeof found === 'object' && found !== null ? (found as FieldConditions) : {};
}

const matches = (answer: unknown, values: readonly Scalar[]): boolean =>
  Array.isArray(answer) ? answer.some((choice) => values.includes(choice as Scalar)) : values.includes(answer as Scalar);

/**
 * The fields hidden by `answers`: a field is shown while its controlling field is shown and
 * answered with one of the values. Conditions name earlier fields only (event:check), so one
 * pass in field order settles chains.
 */
export function hiddenFields(conditions: FieldConditions, answers: Record<string, unknown> | undefined): Set<string> {
  const hidden = new Set<string>();
  for (const [id, condition] of Object.entries(conditions)) {
    if (hidden.has(condition.field) || !matches(answers?.[condition.field], condition.in)) hidden.add(id);
  }
  return hidden;
}

/** `answers` without the answers of hidden fields (the same object when nothing is dropped). */
export function withoutHiddenAnswers<T extends Record<string, unknown>>(conditions: FieldConditions, answers: T): T {
  const hidden = [...hiddenFields(conditions, answers)].filter((id) => answers[id] !== undefined);
  if (hidden.length === 0) return answers;
  const kept = { ...answers };
  for (const id of hidden) delete kept[id];
  return kept;
}

/**
 * The JSON Schema of the conditions, one `allOf` entry per conditional field:
 *   if the controlling answer is one of the values (and given),
 *   then the field is required (when the definition says so),
 *   else any answer to it is refused with `errors:attendee.hidden`.
 * A hidden field is thus neither required nor accepted: the form drops its answer, and a
 * request that sends one anyway is refused rather than silently cleaned, so what is stored is
 * exactly what was judged. (Refusing, not dropping: docs/decisions/017-field-types-and-conditions.md.)
 */
export function conditionSchemas(fields: readonly AttendeeField[], conditions: FieldConditions): SchemaNode[] {
  const byId = new Map(fields.map((field) => [field.id, field]));
  return Object.entries(conditions).map(([id, condition]) => {
    const field = byId.get(id)!;
    const controller = byId.get(condition.field);
    const test = controller?.type === 'multiselect' ? { type: 'array', contains: { enum: condition.in } } : { enum: condition.in };
    const then: SchemaNode = { type: 'object' };
    if (field.required) {
      // `properties` only because ajv's strict mode wants a required key declared beside it.
      then.properties = { [id]: true };
      then.required = [id];
      then.errorMessage = { required: { [id]: field.type === 'checkbox' ? KEY.checkboxRequired : KEY.required } };
    }
    return {
      if: { type: 'object', properties: { [condition.field]: test }, required: [condition.field] },
      then,
      else: { type: 'object', properties: { [id]: { not: {}, errorMessage: KEY.hidden } } },
    };
  });
}
