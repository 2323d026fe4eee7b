import type { JSONSchema7 } from 'json-schema';
import type { SchemaNode } from './field-schema';
import { ATTENDEE_MESSAGE_KEYS as KEY } from './message-keys';

/**
 * An object schema that accepts exactly `properties` (unknown keys and wrong types
 * read as `errors:attendee.invalid`), with `required` keys and their message: one
 * message for all, or one per key. Both the attendee block and the whole order form use it.
 */
export function closedObjectSchema(
  properties: Record<string, SchemaNode>,
  required: string[],
  requiredMessage: string | Record<string, string>,
): JSONSchema7 {
  const schema: SchemaNode = { type: 'object', properties };
  if (required.length > 0) schema.required = required;
  schema.additionalProperties = false;
  schema.errorMessage = {
    type: KEY.invalid,
    additionalProperties: KEY.invalid,
    ...(required.length > 0 ? { required: requiredMessage } : {}),
  };
  return schema as JSONSchema7;
}
