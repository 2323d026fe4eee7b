import type { AttendeeField } from '../event-file/event-file.types';
import { attendeeFormProblems } from './attendee-field-problems';
import { closedObjectSchema } from './closed-object-schema';
import { AttendeeFormDefinitionError } from './attendee-form-definition-error';
import type { CompiledForm, UiSchema } from './attendee-form.types';
import { fieldSchema, fieldUiSchema, type SchemaNode } from './field-schema';
import { ATTENDEE_MESSAGE_KEYS as KEY } from './message-keys';
import { conditionSchemas, fieldConditions, VISIBLE_WHEN_KEY } from './conditions';

/**
 * Compiles an event's attendee field definitions into the JSON Schema (+ uiSchema) of
 * ONE attendee's answers `{ [fieldId]: value }`; throws AttendeeFormDefinitionError on an unhonourable definition.
 */
export function compileAttendeeFields(fields: AttendeeField[]): CompiledForm {
  const problems = attendeeFormProblems(fields);
  if (problems.length > 0) throw new AttendeeFormDefinitionError(problems);

  const properties: Record<string, SchemaNode> = {};
  const uiSchema: UiSchema = { 'ui:order': fields.map((field) => field.id) };
  const required: string[] = [];
  const requiredMessages: Record<string, string> = {};
  const conditions = fieldConditions(fields);
  for (const field of fields) {
    properties[field.id] = fieldSchema(field);
    uiSchema[field.id] = fieldUiSchema(field);
    // A conditional field is required only while shown: its `then` says so (conditions.ts).
    if (field.required && !conditions[field.id]) {
      required.push(field.id);
      requiredMessages[field.id] = field.type === 'checkbox' ? KEY.checkboxRequired : KEY.required;
    }
  }

  const schema = closedObjectSchema(properties, required, requiredMessages) as SchemaNode;
  if (Object.keys(conditions).length > 0) {
    schema[VISIBLE_WHEN_KEY] = conditions;
    schema.allOf = conditionSchemas(fields, conditions);
  }
  return { schema: schema as CompiledForm['schema'], uiSchema };
}
