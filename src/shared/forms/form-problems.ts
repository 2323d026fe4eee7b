import type { ErrorObject } from 'ajv';
import type { JSONSchema7 } from 'json-schema';
import { answerProblems } from '../attendee-form/answer-problems';
import type { AnswerProblem } from '../attendee-form/attendee-form.types';
import { oversizedShape } from '../validation/closed-shape';
import { crossFieldProblems, type FormRuleContext } from './cross-field-rules';

/** A validate function as ajv (runtime or standalone) makes it: returns validity, leaves errors on itself. */
export interface SchemaValidateFunction {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/**
 * THE validation step of every schema form, shared by browser and server: the schema's
 * own errors (ajv-errors keys, pointing at the field), then the `x-` cross-field rules,
 * ordered by the schema's property order, and within a field by its errorMessage order
 * (docs/product-rules.md, *Form checking order*). Same input, same list, on both sides.
 */
export function formProblems(
  validate: SchemaValidateFunction,
  schema: JSONSchema7,
  data: unknown,
  context: FormRuleContext = {},
): AnswerProblem[] {
  // More keys than the form has fields: that one problem, judged in time bounded by the form, not by the data.
  const oversized = oversizedShape(schema, data);
  if (oversized) return [{ pointer: oversized.pointer, message: oversized.message ?? 'errors:forms.invalid' }];
  const schemaProblems = validate(data) ? [] : answerProblems(validate.errors);
  const all = [...schemaProblems, ...crossFieldProblems(schema, data, context, schemaProblems)];
  const order = Object.keys(schema.properties ?? {}).map((name) => `/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  // Form-level problems (unknown property, wrong type) rank -1: first.
  const rank = (pointer: string) => order.findIndex((prefix) => pointer === prefix || pointer.startsWith(`${prefix}/`));
  return all
    .map((problem, index) => ({ problem, index }))
    .sort((a, b) => rank(a.problem.pointer) - rank(b.problem.pointer) || a.index - b.index)
    .map(({ problem }) => problem);
}

/** One problem per field: the first in checking order (what a field shows). */
export function firstProblemPerField(problems: readonly AnswerProblem[]): AnswerProblem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => {
    if (seen.has(problem.pointer)) return false;
    seen.add(problem.pointer);
    return true;
  });
}
