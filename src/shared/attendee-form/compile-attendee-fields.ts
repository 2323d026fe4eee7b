import type { AttendeeField } from '../event-file/event-file.types';
import { attendeeFormProblems } from './attendee-field-problems';
import { closedObjectSchema } from './closed-object-schema';
import { AttendeeFormDefinitionError } from './attendee-form-definition-error';
import type { CompiledForm, UiSchema } from './attendee-form.types';
import { fieldSchema, fieldUiSchema, type SchemaNode } from './field-schema';
import { ATTENDEE_MESSAGE_KEYS as KEY } from './message-keys';

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
  for (const field of fields) {
    properties[field.id] = fieldSchema(field);
    uiSchema[field.id] = fieldUiSchema(field);
    if (field.required) {
      required.push(field.id);
      requiredMessages[field.id] = field.type === 'checkbox' ? KEY.checkboxRequired : KEY.required;
    }
  }

  return { schema: closedObjectSchema(properties, required, requiredMessages), uiSchema };
}
