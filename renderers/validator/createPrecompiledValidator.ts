import {
  createErrorHandler,
  deepEquals,
  getDefaultFormState,
  unwrapErrorHandler,
  validationDataMerge,
  type CustomValidator,
  type ErrorTransformer,
  type RJSFSchema,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';
import type { AnswerProblem } from '../../src/shared/attendee-form/attendee-form.types';
import type { SchemaValidateFunction } from '../../src/shared/forms/form-problems';
import { problemsToErrorList, problemsToErrorSchema } from './problemsToErrorSchema';

/**
 * An rjsf `ValidatorType` over ONE precompiled validate function (ajv standalone code:
 * no `new Function` at run time, so it runs under a CSP without 'unsafe-eval').
 * `problemsOf` is the shared validation step (schema errors + cross-field rules) that
 * turns data into `{ pointer, message }` problems; rjsf gets them as its errors.
 *
 * Only the root schema can be validated: rjsf asks `isValid` of sub-schemas solely for
 * oneOf/anyOf/if/dependencies, which our form schemas do not use (a unit test keeps it so).
 */
export function createPrecompiledValidator<T = unknown>(
  validate: SchemaValidateFunction,
  rootSchema: RJSFSchema,
  problemsOf: (formData: T | undefined) => AnswerProblem[],
): ValidatorType<T> {
  const isRoot = (schema: RJSFSchema) => schema === rootSchema || deepEquals(schema, rootSchema);
  const validator: ValidatorType<T> = {
    validateFormData(
      formData: T | undefined,
      schema: RJSFSchema,
      customValidate?: CustomValidator<T>,
      transformErrors?: ErrorTransformer<T>,
      uiSchema?: UiSchema<T>,
    ): ValidationData<T> {
      const problems = problemsOf(formData);
      let errors = problemsToErrorList(problems);
      if (typeof transformErrors === 'function') errors = transformErrors(errors, uiSchema);
      const errorSchema = problems.length === errors.length ? problemsToErrorSchema<T>(problems) : errorSchemaOf<T>(errors);
      if (typeof customValidate !== 'function') return { errors, errorSchema };
      const withDefaults = getDefaultFormState<T>(validator, schema, formData, schema, true) as T;
      const handler = customValidate(withDefaults, createErrorHandler<T>(withDefaults), uiSchema, errorSchema);
      return validationDataMerge<T>({ errors, errorSchema }, unwrapErrorHandler<T>(handler));
    },
    isValid(schema: RJSFSchema, formData: T | undefined): boolean {
      if (!isRoot(schema)) {
        throw new Error('This precompiled validator checks its root schema only (no oneOf/anyOf/if in form schemas)');
      }
      return validate(formData);
    },
    rawValidation<Result = unknown>(schema: RJSFSchema, formData?: T): { errors?: Result[]; validationError?: Error } {
      if (!isRoot(schema)) return { validationError: new Error('Not the root schema of this precompiled validator') };
      validate(formData);
      const errors = (validate.errors ?? undefined) as Result[] | undefined;
      return { errors };
    },
  };
  return validator;
}

/** Rebuilds an ErrorSchema from an rjsf error list (after a transformErrors that changed it). */
function errorSchemaOf<T>(errors: ReturnType<typeof problemsToErrorList>) {
  const problems = errors.map((error) => ({
    pointer: (error.property ?? '').split('.').filter(Boolean).map((segment) => `/${segment}`).join(''),
    message: error.message ?? '',
  }));
  return problemsToErrorSchema<T>(problems);
}
