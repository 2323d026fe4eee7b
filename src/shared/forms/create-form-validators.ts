import type { JSONSchema7 } from 'json-schema';
import type { AnswerProblem } from '../attendee-form/attendee-form.types';
import { createAjv } from '../validation/create-ajv';
import type { FormRuleContext } from './cross-field-rules';
import { FORM_SCHEMAS, type FormId } from './form-schemas';
import { formProblems, type SchemaValidateFunction } from './form-problems';

/** Validates one form's data: every problem in checking order (empty = valid). */
export type FormValidator = (data: unknown, context?: FormRuleContext) => AnswerProblem[];

/**
 * Runtime validators of every static form (server side, tests, tools): ajv compiles
 * schemas/forms once; the browser runs the same schemas precompiled at build time
 * (`virtual:form-validators`) through the same `formProblems` step.
 */
export function createFormValidators(): Record<FormId, FormValidator> {
  const ajv = createAjv();
  const validators = {} as Record<FormId, FormValidator>;
  for (const [id, { schema }] of Object.entries(FORM_SCHEMAS) as [FormId, { schema: JSONSchema7 }][]) {
    const validate = ajv.compile(schema) as SchemaValidateFunction;
    validators[id] = (data, context) => formProblems(validate, schema, data, context);
  }
  return validators;
}
