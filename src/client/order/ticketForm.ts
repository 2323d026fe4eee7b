import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import { SchemaFormState } from '../../../renderers/state/SchemaFormState';
import { createPrecompiledValidator } from '../../../renderers/validator/createPrecompiledValidator';
import type { OrderTicket } from '../../shared/api';
import { answerProblems } from '../../shared/attendee-form/answer-problems';
import type { AttendeeAnswers } from '../../shared/attendee-form/attendee-form.types';
import { loadAttendeeModule } from '../forms/attendee/attendeeModule';

/** One ticket type's attendee form, ready for `SchemaForm`: schema, ui schema, the precompiled validator and its state. */
export interface TicketForm {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  validator: ValidatorType<AttendeeAnswers>;
  state: SchemaFormState<AttendeeAnswers>;
}

/**
 * The ticket type's attendee form from the event's validators module (what the checkout's form step renders),
 * starting from `answers`, the `locked` fields disabled. `idPrefix` keeps two forms' field ids apart.
 */
export async function loadTicketForm(eventUrl: string, ticket: OrderTicket, answers: AttendeeAnswers, locked: string[], idPrefix: string): Promise<TicketForm> {
  const module = await loadAttendeeModule(eventUrl);
  const key = String(ticket.tipo_id);
  const form = module.forms[key];
  const validate = module.validators[key];
  if (!form || !validate) throw new Error(`No attendee form for ticket type ${key}`);
  const schema = form.schema as RJSFSchema;
  const problemsOf = (data: AttendeeAnswers | undefined) => (validate(data ?? {}) ? [] : answerProblems(validate.errors));
  const uiSchema: UiSchema = { ...(form.uiSchema as UiSchema) };
  for (const field of locked) uiSchema[field] = { ...(uiSchema[field] as UiSchema | undefined), 'ui:disabled': true };
  return {
    schema,
    uiSchema,
    validator: createPrecompiledValidator<AttendeeAnswers>(validate, schema, problemsOf),
    state: new SchemaFormState<AttendeeAnswers>(problemsOf, answers, `${idPrefix}${ticket.id.slice(0, 8)}`),
  };
}

/** The form's answers as plain JSON (MobX proxies off), for a request body. */
export function plainAnswers(form: TicketForm): AttendeeAnswers {
  return JSON.parse(JSON.stringify(form.state.data)) as AttendeeAnswers;
}
