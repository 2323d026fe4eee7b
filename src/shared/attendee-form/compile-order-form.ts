import type { CompiledForm, OrderFormLine, UiSchema } from './attendee-form.types';
import { closedObjectSchema } from './closed-object-schema';
import { compileAttendeeFields } from './compile-attendee-fields';
import type { SchemaNode } from './field-schema';
import { ATTENDEE_MESSAGE_KEYS as KEY } from './message-keys';

/**
 * Compiles the attendee form of a whole order: `{ "<ticketId>": [attendee 0, attendee 1, …] }`,
 * one array of exactly `quantity` answers objects per line that has fields.
 */
export function compileOrderForm(lines: OrderFormLine[]): CompiledForm {
  const properties: Record<string, SchemaNode> = {};
  const uiSchema: UiSchema = {};
  const order: string[] = [];
  for (const line of lines) {
    if (!Number.isInteger(line.quantity) || line.quantity < 0) {
      throw new RangeError(`Ticket ${line.ticketId}: quantity must be a whole number ≥ 0, got ${line.quantity}`);
    }
    const key = String(line.ticketId);
    if (order.includes(key)) {
      throw new RangeError(`Ticket ${line.ticketId} appears in more than one line`);
    }
    order.push(key);
    if (line.fields.length === 0 || line.quantity === 0) continue;
    const attendee = compileAttendeeFields(line.fields);
    properties[key] = {
      type: 'array',
      title: line.ticketName,
      minItems: line.quantity,
      maxItems: line.quantity,
      items: attendee.schema,
      errorMessage: { type: KEY.invalid, minItems: KEY.invalid, maxItems: KEY.invalid },
    };
    uiSchema[key] = {
      'ui:title': line.ticketName,
      items: attendee.uiSchema,
      'ui:options': { addable: false, removable: false, orderable: false, copyable: false },
    };
  }
  const keys = order.filter((key) => Object.hasOwn(properties, key));
  uiSchema['ui:order'] = keys;

  return { schema: closedObjectSchema(properties, keys, KEY.invalid), uiSchema };
}
