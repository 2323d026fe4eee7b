import type Ajv from 'ajv';
import { _, type KeywordCxt } from 'ajv';
// The class behind ajv's `_` template (a raw piece of code); ajv exports only its type.
import { _Code } from 'ajv/dist/compile/codegen/code.js';
// How ajv's own `pattern` keyword puts a RegExp in scope (standalone code included).
import { usePattern } from 'ajv/dist/vocabularies/code.js';

/**
 * Checks of attendee answers that a `pattern` cannot make: a real calendar date (no
 * 31 February), date bounds (ISO dates compare as strings once they are real dates) and the
 * CURP's check digit (a sum over the first 17 characters). They are ajv keywords that
 * GENERATE code (not `validate` callbacks), so ajv's standalone output — the browser's
 * precompiled validators (docs/decisions/003) — carries them inline, and the server's runtime
 * ajv runs the very same functions: one rule, two validators, one verdict.
 *
 * Every keyword lets "" through: an empty answer is "not answered", judged by `required`.
 *
 * The two helper functions are written into the generated module from their own source
 * (`fn.toString()`), so they must stay self-contained: no imports, no closures.
 */

/** `YYYY-MM-DD` naming a day that exists (leap years included). */
export function isCalendarDate(value: string): boolean {
  var match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  var year = Number(match[1]);
  var month = Number(match[2]);
  var day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  var leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  var days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days;
}

/**
 * The CURP's 18th character is its check digit: each of the first 17 characters is worth its
 * place in "0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ", weighted 18 down to 2; the digit is
 * (10 − sum mod 10) mod 10 (RENAPO's published algorithm). Only the digit is judged here:
 * an answer of another length or alphabet passes, its shape being the field's pattern's to
 * refuse, so a wrong answer gets one message, not two.
 */
export function hasCurpCheckDigit(value: string): boolean {
  if (value.length !== 18) return true;
  var alphabet = '0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ';
  var sum = 0;
  for (var i = 0; i < 17; i++) {
    var worth = alphabet.indexOf(value.charAt(i));
    if (worth < 0) return true;
    sum += worth * (18 - i);
  }
  return String((10 - (sum % 10)) % 10) === value.charAt(17);
}

/**
 * CURP as RENAPO issues it: 4 letters (the second a vowel or X), birth date YYMMDD, sex
 * (H, M, or X for the non-binary mark some states issue), the state of birth (32 codes and NE
 * for born abroad), 3 inner consonants, a homonymy character (digit up to 1999, letter from
 * 2000) and the check digit. Upper case only: the widget upper-cases what is typed.
 */
export const CURP_PATTERN =
  '^[A-Z][AEIOUX][A-Z]{2}[0-9]{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12][0-9]|3[01])[HMX]' +
  '(?:AS|B[CS]|C[CLMSH]|D[FG]|G[TR]|HG|JC|M[CNS]|N[ETL]|OC|PL|Q[TR]|S[PLR]|T[CSL]|VZ|YN|ZS|NE)' +
  '[B-DF-HJ-NP-TV-Z]{3}[A-Z0-9][0-9]$';

/**
 * RFC as the SAT issues it: 4 letters for a person (3 for a company; Ñ and & included), the
 * date YYMMDD, a 2-character homonymy key and a verifier (a digit or A).
 */
export const RFC_PATTERN = '^[A-ZÑ&]{3,4}[0-9]{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12][0-9]|3[01])[A-Z0-9]{2}[A0-9]$';

/**
 * The RFC's last character is its check digit (SAT's algorithm, as @nodecfdi/rfc computes it):
 * each of the first 11 (company) or 12 (person) characters is worth its place in
 * "0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ", weighted by its distance from the end; a company's sum
 * starts at 481 (its RFC read as if a space led it); the digit is 11 − sum mod 11, with 10 written
 * A and 11 written 0. Only the digit is judged: another length or alphabet passes (the pattern's to refuse).
 */
export function hasRfcCheckDigit(value: string): boolean {
  var length = value.length;
  if (length !== 12 && length !== 13) return true;
  var alphabet = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';
  var sum = length === 12 ? 481 : 0;
  for (var i = 0; i < length - 1; i++) {
    var worth = alphabet.indexOf(value.charAt(i));
    if (worth < 0) return true;
    sum += worth * (length - i);
  }
  var digit = 11 - (sum % 11);
  return (digit === 11 ? '0' : digit === 10 ? 'A' : String(digit)) === value.charAt(length - 1);
}

/** The keyword names, for schemas and errorMessage keys. */
export const ANSWER_KEYWORDS = {
  calendarDate: 'calendarDate',
  earliestDate: 'earliestDate',
  latestDate: 'latestDate',
  curpCheckDigit: 'curpCheckDigit',
  rfcCheckDigit: 'rfcCheckDigit',
} as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function helper(cxt: KeywordCxt, fn: (value: string) => boolean) {
  return cxt.gen.scopeValue('func', { ref: fn, code: new _Code(`(${fn.toString()})`) });
}

/** Adds the answer keywords to an ajv instance (createAjv does, for every validator of the project). */
export function addAnswerKeywords(ajv: Ajv): void {
  ajv.addKeyword({
    keyword: ANSWER_KEYWORDS.calendarDate,
    type: 'string',
    schemaType: 'boolean',
    code(cxt) {
      if (cxt.schema !== true) return;
      const isDate = helper(cxt, isCalendarDate);
      cxt.fail(_`${cxt.data} !== "" && !${isDate}(${cxt.data})`);
    },
  });
  for (const [keyword, operator] of [
    [ANSWER_KEYWORDS.earliestDate, '<'],
    [ANSWER_KEYWORDS.latestDate, '>'],
  ] as const) {
    ajv.addKeyword({
      keyword,
      type: 'string',
      schemaType: 'string',
      metaSchema: { type: 'string', pattern: ISO_DATE.source },
      code(cxt) {
        const bound = cxt.schema as string;
        const isDate = helper(cxt, isCalendarDate);
        // A malformed date is calendarDate's to report; the bound judges real dates only.
        const beyond = operator === '<' ? _`${cxt.data} < ${bound}` : _`${cxt.data} > ${bound}`;
        cxt.fail(_`${cxt.data} !== "" && ${isDate}(${cxt.data}) && ${beyond}`);
      },
    });
  }
  ajv.addKeyword({
    keyword: ANSWER_KEYWORDS.curpCheckDigit,
    type: 'string',
    schemaType: 'boolean',
    code(cxt) {
      if (cxt.schema !== true) return;
      const checks = helper(cxt, hasCurpCheckDigit);
      // Only an answer of the official shape is judged: a misshapen one is the pattern's to refuse, with one message.
      const shape = usePattern(cxt, CURP_PATTERN);
      cxt.fail(_`${shape}.test(${cxt.data}) && !${checks}(${cxt.data})`);
    },
  });
  ajv.addKeyword({
    keyword: ANSWER_KEYWORDS.rfcCheckDigit,
    type: 'string',
    schemaType: 'boolean',
    code(cxt) {
      if (cxt.schema !== true) return;
      const checks = helper(cxt, hasRfcCheckDigit);
      const shape = usePattern(cxt, RFC_PATTERN);
      cxt.fail(_`${shape}.test(${cxt.data}) && !${checks}(${cxt.data})`);
    },
  });
}
