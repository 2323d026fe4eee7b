import type { AttendeeField, AttendeeFieldType } from '../event-file/event-file.types';
import { isCalendarDate } from '../validation/answer-keywords';

/** Why a field definition cannot be compiled as written. */
export type FieldProblemCode =
  | 'unknownType'
  | 'selectWithoutValues'
  | 'optionsNotAllowed'
  | 'duplicateOptionValue'
  | 'emptyOptionValue'
  | 'ruleNotAllowed'
  | 'invalidPattern'
  | 'minAboveMax'
  | 'minLengthAboveMaxLength'
  | 'notImageMime'
  | 'jpgMime'
  | 'checkboxLinkInvalid'
  | 'duplicateFieldId'
  | 'invalidDate'
  | 'minDateAboveMaxDate'
  | 'minChoicesAboveMaxChoices'
  | 'choicesAboveOptions'
  | 'conditionUnknownField'
  | 'conditionLaterField'
  | 'conditionOneValue';

/** One problem, `pointer` relative to the field (or, for duplicates, to the field list). */
export interface FieldProblem {
  pointer: string;
  code: FieldProblemCode;
  params: Record<string, string | number>;
}

type RuleName = keyof NonNullable<AttendeeField['validation']>;

/** Which validation rules the compiler can honour per field type; anything else is refused. */
export const RULES_BY_TYPE: Readonly<Record<AttendeeFieldType, readonly RuleName[]>> = {
  text: ['pattern', 'maxLength', 'minLength'],
  textarea: ['pattern', 'maxLength', 'minLength'],
  email: ['pattern', 'maxLength', 'minLength'],
  telefono: ['pattern', 'maxLength', 'minLength'],
  number: ['min', 'max'],
  select: [],
  multiselect: ['minChoices', 'maxChoices'],
  country: [],
  date: ['minDate', 'maxDate'],
  curp: [],
  rfc: [],
  checkbox: [],
  file: ['maxSize', 'allowedFormats'],
};

/** An `image/…` MIME type as browsers write it in data URLs. */
export const IMAGE_MIME = /^image\/[a-z0-9.+-]+$/;

/** A checkbox link must be a site path or an http(s) URL (never `javascript:`). */
const SAFE_LINK = /^(\/(?!\/)|https?:\/\/)[^\s]*$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Returns the error text when `pattern` is not a valid unicode-mode regular expression (ajv compiles with `u`). */
export function regexError(pattern: string): string | undefined {
  try {
    new RegExp(pattern, 'u');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * Lists what in one field definition the compiler cannot honour (empty = compilable).
 * Defensive: tolerates malformed input, so the event-file checker can call it on raw JSON.
 */
export function attendeeFieldProblems(field: AttendeeField): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const add = (pointer: string, code: FieldProblemCode, params: Record<string, string | number> = {}) =>
    problems.push({ pointer, code, params });
  const type = field.type;
  if (!Object.hasOwn(RULES_BY_TYPE, type)) {
    add('/type', 'unknownType', { type: String(type) });
    return problems;
  }

  if (type === 'select' || type === 'multiselect') {
    const values = isObject(field.options) && Array.isArray(field.options.values) ? field.options.values : [];
    if (values.length === 0) add(field.options ? '/options/values' : '/options', 'selectWithoutValues');
    const seen = new Set<string>();
    values.forEach((value, index) => {
      if (value === '') add(`/options/values/${index}`, 'emptyOptionValue');
      else if (seen.has(value)) add(`/options/values/${index}`, 'duplicateOptionValue', { value });
      seen.add(value);
    });
  } else if (field.options !== undefined) {
    add('/options', 'optionsNotAllowed', { type });
  }

  if (type === 'checkbox' && typeof field.placeholder === 'string' && !SAFE_LINK.test(field.placeholder)) {
    add('/placeholder', 'checkboxLinkInvalid', { value: field.placeholder });
  }

  const validation = isObject(field.validation) ? field.validation : {};
  const allowed: readonly string[] = RULES_BY_TYPE[type];
  for (const rule of Object.keys(validation)) {
    if (!allowed.includes(rule)) add(`/validation/${rule}`, 'ruleNotAllowed', { rule, type });
  }
  const value = (rule: string): unknown => (isObject(validation[rule]) ? validation[rule].value : undefined);

  const pattern = value('pattern');
  if (typeof pattern === 'string' && allowed.includes('pattern')) {
    const error = regexError(pattern);
    if (error) add('/validation/pattern/value', 'invalidPattern', { error });
  }
  const min = value('min');
  const max = value('max');
  if (typeof min === 'number' && typeof max === 'number' && min > max) {
    add('/validation/min/value', 'minAboveMax', { min, max });
  }
  const minLength = value('minLength');
  const maxLength = value('maxLength');
  if (typeof minLength === 'number' && typeof maxLength === 'number' && minLength > maxLength) {
    add('/validation/minLength/value', 'minLengthAboveMaxLength', { min: minLength, max: maxLength });
  }
  const minDate = value('minDate');
  const maxDate = value('maxDate');
  for (const [rule, date] of [['minDate', minDate], ['maxDate', maxDate]] as const) {
    if (typeof date === 'string' && allowed.includes(rule) && !isCalendarDate(date)) add(`/validation/${rule}/value`, 'invalidDate', { value: date });
  }
  if (typeof minDate === 'string' && typeof maxDate === 'string' && isCalendarDate(minDate) && isCalendarDate(maxDate) && minDate > maxDate) {
    add('/validation/minDate/value', 'minDateAboveMaxDate', { min: minDate, max: maxDate });
  }
  const minChoices = value('minChoices');
  const maxChoices = value('maxChoices');
  if (typeof minChoices === 'number' && typeof maxChoices === 'number' && minChoices > maxChoices) {
    add('/validation/minChoices/value', 'minChoicesAboveMaxChoices', { min: minChoices, max: maxChoices });
  }
  const optionCount = isObject(field.options) && Array.isArray(field.options.values) ? field.options.values.length : 0;
  if (type === 'multiselect' && typeof minChoices === 'number' && optionCount > 0 && minChoices > optionCount) {
    add('/validation/minChoices/value', 'choicesAboveOptions', { value: minChoices, options: optionCount });
  }
  const formats = value('allowedFormats');
  if (Array.isArray(formats) && allowed.includes('allowedFormats')) {
    formats.forEach((format, index) => {
      const pointer = `/validation/allowedFormats/value/${index}`;
      if (format === 'image/jpg') add(pointer, 'jpgMime', { value: format });
      else if (typeof format !== 'string' || !IMAGE_MIME.test(format)) add(pointer, 'notImageMime', { value: String(format) });
    });
  }
  return problems;
}

/**
 * A `visible_when` must name an EARLIER field of the same form (so one pass in field order
 * settles every chain, and no condition can loop) and give exactly one of `equals` / `in`.
 */
function conditionProblems(fields: readonly AttendeeField[], index: number): FieldProblem[] {
  const when = (fields[index] as { visible_when?: unknown }).visible_when;
  if (!isObject(when) || typeof when.field !== 'string') return [];
  const problems: FieldProblem[] = [];
  const pointer = `/${index}/visible_when`;
  const at = fields.findIndex((field) => isObject(field) && field.id === when.field);
  if (at === -1) problems.push({ pointer: `${pointer}/field`, code: 'conditionUnknownField', params: { id: when.field } });
  else if (at >= index) problems.push({ pointer: `${pointer}/field`, code: 'conditionLaterField', params: { id: when.field } });
  if ((when.equals === undefined) === (when.in === undefined)) problems.push({ pointer, code: 'conditionOneValue', params: {} });
  return problems;
}

/** Problems of a whole field list: each field's problems plus duplicate ids (pointers relative to the list). */
export function attendeeFormProblems(fields: AttendeeField[]): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const ids = new Set<string>();
  fields.forEach((field, index) => {
    if (!isObject(field)) return;
    for (const problem of attendeeFieldProblems(field)) {
      problems.push({ ...problem, pointer: `/${index}${problem.pointer}` });
    }
    problems.push(...conditionProblems(fields, index));
    if (typeof field.id === 'string') {
      if (ids.has(field.id)) problems.push({ pointer: `/${index}/id`, code: 'duplicateFieldId', params: { id: field.id } });
      ids.add(field.id);
    }
  });
  return problems;
}
