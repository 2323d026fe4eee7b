import type { Diagnostics } from 'recheck';
import { IMAGE_ANSWER_MAX_BYTES, TEXT_ANSWER_MAX_LENGTH } from '../attendee-form/answer-limits';
import { regexError, RULES_BY_TYPE } from '../attendee-form/attendee-field-problems';
import type { AttendeeFieldType } from './event-file.types';

/** What the event-file checker refuses so that no buyer answer can make the server work hard. */
export type FieldLimitProblemCode = 'unsafePattern' | 'uncheckedPattern' | 'patternsOverBudget' | 'lengthAboveLimit' | 'maxSizeAboveLimit';

export interface FieldLimitProblem {
  /** Relative to the field. */
  pointer: string;
  code: FieldLimitProblemCode;
  params: Record<string, string | number>;
}

/** How long recheck may analyse one pattern; past it the verdict is `unknown`, which is refused. */
const CHECK_TIMEOUT_MS = 2_000;
/** How long all the patterns of one event file may take to judge, together. */
export const PATTERN_BUDGET_MS = 10_000;
/** Verdicts by pattern: re-checking the same event file (check, then import) costs nothing. */
const verdicts = new Map<string, FieldLimitProblem | null>();
const VERDICT_CACHE_LIMIT = 1_000;
const POINTER = '/validation/pattern/value';

/** The verdict on each operator pattern of one event file (null = accepted), from `patternVerdicts`. */
export type PatternVerdicts = ReadonlyMap<string, FieldLimitProblem | null>;

/**
 * recheck's verdict on an operator pattern, as ajv runs it (`u` flag). See
 * docs/decisions/006-redos-checker.md: `safe` passes; `vulnerable` is refused when
 * exponential or polynomial of degree 3 or more, while degree 2 passes because no pattern
 * ever runs on more than TEXT_ANSWER_MAX_LENGTH characters (≈ 250,000 steps at worst);
 * `unknown` (timeout, unsupported syntax) is refused, since it was not shown to be safe.
 */
function judge(diagnostics: Diagnostics): FieldLimitProblem | null {
  if (diagnostics.status === 'safe') return null;
  if (diagnostics.status === 'unknown') {
    const { error } = diagnostics;
    return { pointer: POINTER, code: 'uncheckedPattern', params: { reason: 'message' in error ? `${error.kind}: ${error.message}` : error.kind } };
  }
  const { complexity, attack } = diagnostics;
  if (complexity.type === 'polynomial' && complexity.degree <= 2) return null;
  const degree = complexity.type === 'polynomial' ? complexity.degree : 0;
  return { pointer: POINTER, code: 'unsafePattern', params: { complexity: complexity.type, degree, attack: attack.pattern } };
}

/**
 * Asks recheck about one pattern, waiting at most `ms` (its own timeout, and a cancel a little
 * later should it overrun). recheck's asynchronous `check` works in its agent (the native binary,
 * else the JVM one, else its own worker thread), so the event loop stays free meanwhile. recheck is
 * loaded here, at the first pattern judged (a server that never checks an event file never holds it).
 * Undefined: cut short by `ms` before an answer (not a verdict on the pattern).
 */
async function diagnose(pattern: string, ms: number): Promise<Diagnostics | Error | undefined> {
  try {
    const { check } = await import('recheck');
    const diagnostics = await check(pattern, 'u', { timeout: ms, signal: AbortSignal.timeout(ms + 1_000) });
    const cut = diagnostics.status === 'unknown' && (diagnostics.error.kind === 'cancel' || (diagnostics.error.kind === 'timeout' && ms < CHECK_TIMEOUT_MS));
    return cut ? undefined : diagnostics;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/**
 * Judges every pattern of one event file, one after another, within `budgetMs` in all (counted
 * from this call). The first pattern left unjudged when the budget runs out gets a
 * `patternsOverBudget` problem (the file is refused; the operator uses fewer or simpler
 * patterns); the ones after it are not reported again. Verdicts are remembered per pattern.
 */
export async function patternVerdicts(file: unknown, budgetMs = PATTERN_BUDGET_MS): Promise<PatternVerdicts> {
  const deadline = Date.now() + budgetMs;
  const found = new Map<string, FieldLimitProblem | null>();
  const patterns = [...new Set(operatorPatterns(file))];
  for (const [index, pattern] of patterns.entries()) {
    const known = verdicts.get(pattern);
    if (known !== undefined) {
      found.set(pattern, known);
      continue;
    }
    const left = deadline - Date.now();
    const diagnostics = left > 0 ? await diagnose(pattern, Math.min(CHECK_TIMEOUT_MS, left)) : undefined;
    if (diagnostics === undefined) {
      const unchecked = patterns.slice(index).filter((p) => !verdicts.has(p)).length;
      found.set(pattern, { pointer: POINTER, code: 'patternsOverBudget', params: { seconds: budgetMs / 1000, unchecked } });
      for (const rest of patterns.slice(index + 1)) found.set(rest, verdicts.get(rest) ?? null);
      break;
    }
    const verdict = diagnostics instanceof Error ? { pointer: POINTER, code: 'uncheckedPattern' as const, params: { reason: diagnostics.message } } : judge(diagnostics);
    if (verdicts.size >= VERDICT_CACHE_LIMIT) verdicts.delete(verdicts.keys().next().value!);
    verdicts.set(pattern, verdict);
    found.set(pattern, verdict);
  }
  return found;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field's operator pattern that recheck is to judge: a string, of a type that takes `pattern`, that compiles. */
function fieldPattern(field: Record<string, unknown>): string | undefined {
  if (!(RULES_BY_TYPE[field.type as AttendeeFieldType] ?? []).includes('pattern')) return undefined;
  const rule = isObject(field.validation) ? field.validation.pattern : undefined;
  const pattern = isObject(rule) ? rule.value : undefined;
  return typeof pattern === 'string' && !regexError(pattern) ? pattern : undefined;
}

/** Every attendee field's pattern in an event file (raw JSON), in the order the file lists them. */
function operatorPatterns(file: unknown): string[] {
  const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter(isObject) : []);
  if (!isObject(file)) return [];
  return list(file.tickets).flatMap((ticket) => list(ticket.form).flatMap((field) => fieldPattern(field) ?? []));
}

/**
 * The limits of one attendee field (raw JSON, defensive like the other checks): a pattern
 * must not backtrack catastrophically (its verdict, from `patternVerdicts`), and maxLength /
 * minLength / maxSize may only lower the answer caps (TEXT_ANSWER_MAX_LENGTH,
 * IMAGE_ANSWER_MAX_BYTES). Rules the field type does not take, and patterns that do not
 * compile, are reported elsewhere.
 */
export function fieldLimitProblems(field: Record<string, unknown>, patterns: PatternVerdicts): FieldLimitProblem[] {
  const allowed: readonly string[] = RULES_BY_TYPE[field.type as AttendeeFieldType] ?? [];
  const validation = isObject(field.validation) ? field.validation : {};
  const value = (rule: string): unknown => (allowed.includes(rule) && isObject(validation[rule]) ? validation[rule].value : undefined);
  const problems: FieldLimitProblem[] = [];
  const pattern = fieldPattern(field);
  // A pattern missing from the verdicts was never judged: refused, like one recheck could not judge.
  const judged = pattern === undefined || patterns.has(pattern);
  const verdict = judged ? (pattern === undefined ? null : patterns.get(pattern)!) : { pointer: POINTER, code: 'uncheckedPattern' as const, params: { reason: 'not judged' } };
  if (verdict) problems.push(verdict);
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
