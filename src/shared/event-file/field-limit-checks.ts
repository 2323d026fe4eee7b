import { checkSync, type Diagnostics } from 'recheck';
import { IMAGE_ANSWER_MAX_BYTES, TEXT_ANSWER_MAX_LENGTH } from '../attendee-form/answer-limits';
import { regexError, RULES_BY_TYPE } from '../attendee-form/attendee-field-problems';
import type { AttendeeFieldType } from './event-file.types';

/** What the event-file checker refuses so that no buyer answer can make the server work hard. */
export type FieldLimitProblemCode = 'unsafePattern' | 'uncheckedPattern' | 'lengthAboveLimit' | 'maxSizeAboveLimit';

export interface FieldLimitProblem {
  /** Relative to the field. */
  pointer: string;
  code: FieldLimitProblemCode;
  params: Record<string, string | number>;
}

/** How long recheck may analyse one pattern; past it the verdict is `unknown`, which is refused. */
const CHECK_TIMEOUT_MS = 2_000;
/** Verdicts by pattern: re-checking the same event file (check, then import) costs nothing. */
const verdicts = new Map<string, FieldLimitProblem | null>();
const VERDICT_CACHE_LIMIT = 1_000;

/**
 * recheck's verdict on an operator pattern, as ajv runs it (`u` flag). See
 * docs/decisions/006-redos-checker.md: `safe` passes; `vulnerable` is refused when
 * exponential or polynomial of degree 3 or more, while degree 2 passes because no pattern
 * ever runs on more than TEXT_ANSWER_MAX_LENGTH characters (≈ 250,000 steps at worst);
 * `unknown` (timeout, unsupported syntax) is refused, since it was not shown to be safe.
 */
function judge(pattern: string): FieldLimitProblem | null {
  const pointer = '/validation/pattern/value';
  let diagnostics: Diagnostics;
  try {
    diagnostics = checkSync(pattern, 'u', { timeout: CHECK_TIMEOUT_MS });
  } catch (error) {
    return { pointer, code: 'uncheckedPattern', params: { reason: error instanceof Error ? error.message : String(error) } };
  }
  if (diagnostics.status === 'safe') return null;
  if (diagnostics.status === 'unknown') {
    const { error } = diagnostics;
    return { pointer, code: 'uncheckedPattern', params: { reason: 'message' in error ? `${error.kind}: ${error.message}` : error.kind } };
  }
  const { complexity, attack } = diagnostics;
  if (complexity.type === 'polynomial' && complexity.degree <= 2) return null;
  const degree = complexity.type === 'polynomial' ? complexity.degree : 0;
  return { pointer, code: 'unsafePattern', params: { complexity: complexity.type, degree, attack: attack.pattern } };
}

function patternProblem(pattern: string): FieldLimitProblem | null {
  if (!verdicts.has(pattern)) {
    if (verdicts.size >= VERDICT_CACHE_LIMIT) verdicts.delete(verdicts.keys().next().value!);
    verdicts.set(pattern, judge(pattern));
  }
  return verdicts.get(pattern)!;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The limits of one attendee field (raw JSON, defensive like the other checks): a pattern
 * must not backtrack catastrophically, and maxLength / minLength / maxSize may only lower
 * the answer caps (TEXT_ANSWER_MAX_LENGTH, IMAGE_ANSWER_MAX_BYTES). Rules the field type
 * does not take, and patterns that do not compile, are reported elsewhere.
 */
export function fieldLimitProblems(field: Record<string, unknown>): FieldLimitProblem[] {
  const allowed: readonly string[] = RULES_BY_TYPE[field.type as AttendeeFieldType] ?? [];
  const validation = isObject(field.validation) ? field.validation : {};
  const value = (rule: string): unknown => (allowed.includes(rule) && isObject(validation[rule]) ? validation[rule].value : undefined);
  const problems: FieldLimitProblem[] = [];
  const pattern = value('pattern');
  if (typeof pattern === 'string' && !regexError(pattern)) {
    const problem = patternProblem(pattern);
    if (problem) problems.push(problem);
  }
  for (const rule of ['minLength', 'maxLength']) {
    const length = value(rule);
    if (typeof length === 'number' && length > TEXT_ANSWER_MAX_LENGTH) {
      problems.push({ pointer: `/validation/${rule}/value`, code: 'lengthAboveLimit', params: { rule, value: length, limit: TEXT_ANSWER_MAX_LENGTH } });
    }
  }
  const maxSize = value('maxSize');
  if (typeof maxSize === 'number' && maxSize > IMAGE_ANSWER_MAX_BYTES) {
    problems.push({ pointer: '/validation/maxSize/value', code: 'maxSizeAboveLimit', params: { value: maxSize, limit: IMAGE_ANSWER_MAX_BYTES } });
  }
  return problems;
}
