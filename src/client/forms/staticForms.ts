import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import { createPrecompiledValidator } from '../../../renderers/validator/createPrecompiledValidator';
import { SchemaFormState } from '../../../renderers/state/SchemaFormState';
import type { FormRuleContext } from '../../shared/forms/cross-field-rules';
import { formProblems, type SchemaValidateFunction } from '../../shared/forms/form-problems';
import { FORM_SCHEMAS, type FormId } from '../../shared/forms/form-schemas';

/** Precompiled validators of schemas/forms, each its own small chunk (loaded by the panel that needs it). */
const VALIDATORS: Record<FormId, () => Promise<{ default: SchemaValidateFunction }>> = {
  buyer: () => import('virtual:form-validator/buyer'),
  walletCard: () => import('virtual:form-validator/walletCard'),
  secondCard: () => import('virtual:form-validator/secondCard'),
  cardPayment: () => import('virtual:form-validator/cardPayment'),
  discountCode: () => import('virtual:form-validator/discountCode'),
  superTokenEmail: () => import('virtual:form-validator/superTokenEmail'),
  invoice: () => import('virtual:form-validator/invoice'),
};

/** Everything a `<SchemaForm>` of a static form needs. */
export interface StaticForm<T> {
  schema: RJSFSchema;
  uiSchema: UiSchema;
  validator: ValidatorType<T>;
  state: SchemaFormState<T>;
}

/**
 * Builds a static form (buyer panels, card forms, discount code) for `<SchemaForm>`:
 * its schema and uiSchema from schemas/forms, the validator precompiled at build time,
 * and a fresh state judged by the shared step (`formProblems`, with the event's allowed
 * BINs in `context`) — the very step the server runs with `createFormValidators()`.
 */
export async function loadStaticForm<T extends object>(
  id: FormId,
  options: { initialData?: Partial<T>; context?: () => FormRuleContext; idPrefix?: string } = {},
): Promise<StaticForm<T>> {
  const { default: validate } = await VALIDATORS[id]();
  const { schema, uiSchema } = FORM_SCHEMAS[id];
  const rootSchema = schema as RJSFSchema;
  const problemsOf = (data: T | undefined) => formProblems(validate, schema, data ?? {}, options.context?.() ?? {});
  return {
    schema: rootSchema,
    uiSchema: uiSchema as UiSchema,
    validator: createPrecompiledValidator<T>(validate, rootSchema, problemsOf),
    state: new SchemaFormState<T>(problemsOf, (options.initialData ?? {}) as T, options.idPrefix ?? id),
  };
}
