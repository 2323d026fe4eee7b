import type { JSONSchema7 } from 'json-schema';
import type { AnswerProblem } from '../attendee-form/attendee-form.types';

/**
 * What a form's cross-field rules need from outside the form: the event's allowed BINs
 * (config.bines_permitidos[].bin; empty or missing = every card allowed).
 */
export interface FormRuleContext {
  allowedBins?: readonly string[];
}

/** `"x-sameAs": { field, message }` on a property: its value must equal that sibling's. */
interface SameAsRule {
  field: string;
  message: string;
}

/** `"x-allowedBin": { message }` on a card-number property: its first six digits must be allowed. */
interface AllowedBinRule {
  message: string;
}

type PropertyWithRules = JSONSchema7 & { 'x-sameAs'?: SameAsRule; 'x-allowedBin'?: AllowedBinRule };

const escapePointerToken = (token: string): string => token.replace(/~/g, '~0').replace(/\//g, '~1');

/** The first six digits of a card number as typed (spaces and dashes ignored); '' when fewer. */
export function cardBin(value: unknown): string {
  const digits = typeof value === 'string' ? value.replace(/\D/g, '') : '';
  return digits.length >= 6 ? digits.slice(0, 6) : '';
}

/**
 * The rules JSON Schema cannot say, read from the schema's own `x-` annotations so they
 * live in the same file as the rest (createAjv accepts any `x-…` keyword as an annotation):
 *   - `x-sameAs`: the e-mail confirmation must equal the e-mail;
 *   - `x-allowedBin`: with a non-empty allowed list, the card's first six digits must be in it.
 * A field that already has a schema problem is skipped, so each field reports its first
 * failing rule only (e.g. an invalid confirmation is not also called a mismatch).
 */
export function crossFieldProblems(
  schema: JSONSchema7,
  data: unknown,
  context: FormRuleContext = {},
  existing: readonly AnswerProblem[] = [],
): AnswerProblem[] {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return [];
  const values = data as Record<string, unknown>;
  const problems: AnswerProblem[] = [];
  for (const [name, node] of Object.entries(schema.properties ?? {})) {
    if (typeof node !== 'object') continue;
    const property = node as PropertyWithRules;
    const pointer = `/${escapePointerToken(name)}`;
    if (existing.some((problem) => problem.pointer === pointer)) continue;
    const sameAs = property['x-sameAs'];
    if (sameAs && values[name] !== undefined && values[name] !== values[sameAs.field]) {
      problems.push({ pointer, message: sameAs.message });
      continue;
    }
    const allowedBin = property['x-allowedBin'];
    const allowed = context.allowedBins ?? [];
    if (allowedBin && allowed.length > 0) {
      const bin = cardBin(values[name]);
      if (bin !== '' && !allowed.includes(bin)) problems.push({ pointer, message: allowedBin.message });
    }
  }
  return problems;
}
