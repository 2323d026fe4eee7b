import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { createPrecompiledValidator } from '../../../../renderers/validator/createPrecompiledValidator';
import { SchemaFormState } from '../../../../renderers/state/SchemaFormState';
import type { InstallmentPlan } from '../../../shared/api/installments';
import type { AnswerProblem } from '../../../shared/attendee-form/attendee-form.types';
import type { SchemaValidateFunction } from '../../../shared/forms/form-problems';
import { planSentence } from '../../../shared/installments-words';
import { formatMoney } from '../../../shared/money';
import type { StaticForm } from '../../forms/staticForms';

/** The card plan's choice: the months (1: one payment). */
export interface PlanChoice {
  months: number;
}

/** What the choice needs to word its options: the order's total, its currency and the buyer's language. */
export interface PlanWording {
  amountCents: number;
  currency: string;
  lang: 'es' | 'en';
  /** The label of the group and of the one-payment option (translated by the panel). */
  label: string;
  onePayment: (amount: string) => string;
}

/**
 * The card plans the server offered, as a form of our schema engine: one `months` field whose
 * `enum` is 1 (one payment, first and chosen) and each plan's months, worded by `ui:enumNames`
 * with the plan's sentence (monthly amount, total, "sin intereses" or its interest), drawn by the
 * `radioChoice` widget. The answer is judged against that enum (the server checks the plan again).
 */
export function installmentsForm(plans: InstallmentPlan[], wording: PlanWording, idPrefix: string): StaticForm<PlanChoice> {
  const months = [1, ...plans.map((plan) => plan.months)];
  const locale = wording.lang === 'en' ? 'en-US' : 'es-MX';
  const names = [
    wording.onePayment(formatMoney(wording.amountCents, wording.currency, locale)),
    ...plans.map((plan) => planSentence(wording.lang, { months: plan.months, totalCents: plan.total_cents, amountCents: wording.amountCents, currency: wording.currency })),
  ];
  const schema: RJSFSchema = {
    type: 'object',
    properties: { months: { type: 'integer', title: wording.label, enum: months } },
    required: ['months'],
    additionalProperties: false,
  };
  const uiSchema: UiSchema = { months: { 'ui:widget': 'radioChoice', 'ui:enumNames': names } };
  const chosenIsOffered = (data: unknown) => months.includes((data as Partial<PlanChoice> | undefined)?.months ?? Number.NaN);
  const validate: SchemaValidateFunction = (data) => chosenIsOffered(data);
  const problemsOf = (data: PlanChoice | undefined): AnswerProblem[] => (chosenIsOffered(data) ? [] : [{ pointer: '/months', message: 'errors:attendee.required' }]);
  return {
    schema,
    uiSchema,
    validator: createPrecompiledValidator<PlanChoice>(validate, schema, problemsOf),
    state: new SchemaFormState<PlanChoice>(problemsOf, { months: 1 }, idPrefix),
  };
}

/** The months chosen on a plan form (1 when there is none). */
export function chosenMonths(form: StaticForm<PlanChoice> | null): number {
  return form?.state.data?.months ?? 1;
}
