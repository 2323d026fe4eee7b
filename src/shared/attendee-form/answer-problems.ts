import type { ErrorObject } from 'ajv';
import type { AnswerProblem } from './attendee-form.types';
import { ATTENDEE_MESSAGE_KEYS as KEY } from './message-keys';

const escapePointerToken = (token: string): string => token.replace(/~/g, '~0').replace(/\//g, '~1');

/** Where one raw ajv error points: at the missing or extra property for required / additionalProperties. */
function pointerOf(error: ErrorObject): string {
  const params = error.params as { missingProperty?: unknown; additionalProperty?: unknown };
  const property =
    error.keyword === 'required' ? params.missingProperty : error.keyword === 'additionalProperties' ? params.additionalProperty : undefined;
  return typeof property === 'string' ? `${error.instancePath}/${escapePointerToken(property)}` : error.instancePath;
}

/**
 * Turns ajv errors of a compiled attendee/order schema into `{ pointer, message }` per
 * failure (duplicates removed). ajv-errors reports a missing required answer (and an unknown one) on the
 * parent object; here it points at that field itself (`/1/0/email`), which is where
 * forms show it.
 */
export function answerProblems(errors: readonly ErrorObject[] | null | undefined): AnswerProblem[] {
  const problems: AnswerProblem[] = [];
  for (const error of errors ?? []) {
    // A failed condition's `then`/`else` reports its own errors; the `if` error beside them says nothing more.
    if (error.keyword === 'if') continue;
    if (error.keyword === 'errorMessage') {
      const inner = (error.params as { errors?: ErrorObject[] }).errors ?? [];
      const pointers = new Set(inner.length > 0 ? inner.map(pointerOf) : [error.instancePath]);
      for (const pointer of pointers) problems.push({ pointer, message: error.message ?? KEY.invalid });
    } else {
      // Every keyword of the compiled schemas carries an errorMessage; this is only a safety net.
      problems.push({ pointer: pointerOf(error), message: KEY.invalid });
    }
  }
  // Two keywords with the same message on one field (e.g. telefono's pattern and maxLength) say it once
  // (a set of seen pairs: time linear in the number of errors, however many there are).
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = JSON.stringify([problem.pointer, problem.message]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
