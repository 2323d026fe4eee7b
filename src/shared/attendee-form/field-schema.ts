import type { AttendeeField } from '../event-file/event-file.types';
import type { UiSchema } from './attendee-form.types';
import { IMAGE_ANSWER_MAX_BYTES, TEXT_ANSWER_MAX_LENGTH } from './answer-limits';
import { ATTENDEE_MESSAGE_KEYS as KEY } from './message-keys';
import { codeSchema, countrySchema, dateSchema, multiselectSchema, CURP_PATTERN, RFC_PATTERN } from './field-schema-more';

/** A JSON Schema node under construction (ajv-errors' `errorMessage` included). */
export type SchemaNode = { [keyword: string]: unknown };

/**
 * Every string check below lets the empty string through: "" counts as "not answered",
 * and only the `minLength: 1` added for required fields complains about it (with the
 * required key). So an empty required answer yields exactly one message, and an empty
 * optional answer is valid. Regexes are written for ajv's unicode mode (`u` flag).
 */
export const allowEmpty = (pattern: string): string => `^$|(?:${pattern})`;

/** Simple address check (no spaces, one @, a dot in the domain); a pattern keeps validators free of ajv-formats. */
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';

/** telefono answers keep digits only, at most 10 unless the operator sets maxLength. */
export const TELEFONO_PATTERN = '^[0-9]*$';
export const TELEFONO_DEFAULT_MAX_LENGTH = 10;

/** An image data URL as FileReader.readAsDataURL writes it: MIME, `;base64,`, base64 body. */
export const IMAGE_DATA_URL_PATTERN = '^data:image/[a-z0-9.+-]+;base64,[A-Za-z0-9+/]*={0,2}$';

/** Room left for `data:<mime>;base64,` when the operator lists no allowedFormats. */
export const DEFAULT_DATA_URL_PREFIX_LENGTH = 64;

// Only syntax characters may be escaped in unicode mode (`\-` would be a SyntaxError).
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The longest string a file answer of `maxBytes` decoded bytes can be:
 * `data:<mime>;base64,` + base64 body, which is 4 characters per started 3 bytes.
 * The prefix allowance is the longest allowed MIME type's prefix (or
 * DEFAULT_DATA_URL_PREFIX_LENGTH), so the schema may accept up to 2 bytes more than
 * maxBytes (4·ceil(n/3) also fits 3·ceil(n/3) bytes) plus whatever a shorter prefix
 * leaves. That slack is why the server re-checks the decoded bytes with fileAnswerLimits().
 */
export function dataUrlMaxLength(maxBytes: number, allowedMimeTypes?: string[]): number {
  const prefix = allowedMimeTypes?.length
    ? Math.max(...allowedMimeTypes.map((mime) => `data:${mime};base64,`.length))
    : DEFAULT_DATA_URL_PREFIX_LENGTH;
  return prefix + 4 * Math.ceil(maxBytes / 3);
}

/**
 * Pattern for allowedFormats. It only judges strings that start like an image data URL
 * (anything else matches the first branch), so a non-image gets only `invalidImage`,
 * and an image of the wrong type gets only the operator's allowedFormats message.
 */
export function allowedFormatsPattern(mimeTypes: string[]): string {
  return `^(?!data:image/[a-z0-9.+-]+;base64,)|^data:(?:${mimeTypes.map(escapeRegExp).join('|')});base64,`;
}

export interface StringFieldOptions {
  typeMessage: string;
  builtIn?: { pattern: string; message: string };
  defaultMaxLength?: { value: number; message: string };
}

/**
 * Makes every pattern of a field pass at once on an answer longer than `maxLength`, so the
 * operator's regex never runs on one (maxLength alone is not enough: ajv with allErrors
 * still runs `pattern` after `maxLength` failed). The guard branch is tried first, at
 * position 0 only, and reads at most maxLength + 1 characters; the over-long answer is
 * refused by `maxLength` with its own message. (`if`/`then` would say this more plainly,
 * but rjsf resolves `if` with the validator, which our precompiled validators cannot do.)
 */
function guardPatterns(schema: SchemaNode, maxLength: number, patterns: { pattern: string; message: string }[]): void {
  const guarded = patterns.map(({ pattern, message }) => ({ pattern: `^[\\s\\S]{${maxLength + 1}}|${pattern}`, message }));
  const [first, ...rest] = guarded;
  if (!first) return;
  schema.pattern = first.pattern;
  (schema.errorMessage as Record<string, string>).pattern = first.message;
  if (rest.length > 0) schema.allOf = rest.map(({ pattern, message }) => ({ pattern, errorMessage: { pattern: message } }));
}

/** text, textarea, email, telefono, curp, rfc: string with patterns, all behind the length cap (guardPatterns). */
export function stringSchema(field: AttendeeField, options: StringFieldOptions): SchemaNode {
  const validation = field.validation ?? {};
  const schema: SchemaNode = { type: 'string', title: field.label };
  const errorMessage: Record<string, string> = { type: options.typeMessage };
  const patterns: { pattern: string; message: string }[] = [];
  if (options.builtIn) patterns.push({ pattern: allowEmpty(options.builtIn.pattern), message: options.builtIn.message });
  if (validation.pattern) patterns.push({ pattern: allowEmpty(validation.pattern.value), message: validation.pattern.message });
  // minLength as a pattern (counts code points like ajv's minLength) so that "" is left to `required`.
  if (validation.minLength && validation.minLength.value > 1) {
    patterns.push({ pattern: `^$|^[\\s\\S]{${validation.minLength.value},}$`, message: validation.minLength.message });
  }
  if (field.required) {
    schema.minLength = 1;
    errorMessage.minLength = KEY.required;
  }
  // Every text answer has a cap: the operator's (never above TEXT_ANSWER_MAX_LENGTH), else the type's default.
  const maxLength = validation.maxLength ?? options.defaultMaxLength ?? { value: TEXT_ANSWER_MAX_LENGTH, message: KEY.tooLong };
  schema.maxLength = Math.min(maxLength.value, TEXT_ANSWER_MAX_LENGTH);
  errorMessage.maxLength = maxLength.message;
  schema.errorMessage = errorMessage;
  guardPatterns(schema, schema.maxLength as number, patterns);
  return schema;
}

function numberSchema(field: AttendeeField): SchemaNode {
  const { min, max } = field.validation ?? {};
  const schema: SchemaNode = { type: 'number', title: field.label };
  const errorMessage: Record<string, string> = { type: KEY.number };
  if (min) {
    schema.minimum = min.value;
    errorMessage.minimum = min.message ?? KEY.min;
  }
  if (max) {
    schema.maximum = max.value;
    errorMessage.maximum = max.message ?? KEY.max;
  }
  schema.errorMessage = errorMessage;
  return schema;
}

function selectSchema(field: AttendeeField): SchemaNode {
  // "" is not an option: rjsf sends undefined for an empty select, so it reads as missing.
  return {
    type: 'string',
    title: field.label,
    enum: [...(field.options?.values ?? [])],
    errorMessage: { type: KEY.option, enum: KEY.option },
  };
}

/**
 * A required checkbox must be ticked: `enum: [true]`, which validates exactly like
 * `const: true` but is not taken as a default by rjsf (getDefaultFormState fills a field
 * with its `const`, which would show consent boxes already ticked).
 */
function checkboxSchema(field: AttendeeField): SchemaNode {
  const schema: SchemaNode = { type: 'boolean', title: field.label };
  if (field.required) schema.enum = [true];
  schema.errorMessage = field.required ? { type: KEY.invalid, enum: KEY.checkboxRequired } : { type: KEY.invalid };
  return schema;
}

/**
 * file: a data URL string, checked with plain keywords only (validators are compiled
 * to standalone code for a strict CSP, so no custom keywords):
 *   - maxSize (default and ceiling IMAGE_ANSWER_MAX_BYTES) → maxLength = prefix length +
 *     4·ceil(maxSize/3) → the operator's message, else errors:attendee.imageTooLarge;
 *   - pattern IMAGE_DATA_URL_PATTERN → errors:attendee.invalidImage;
 *   - allowedFormats → a pattern on the MIME part (allOf) → the operator's message;
 *   neither pattern runs on an answer over maxLength (guardPatterns).
 * The server decodes the bytes and re-checks them exactly with fileAnswerLimits().
 */
function fileSchema(field: AttendeeField): SchemaNode {
  const { maxSize, allowedFormats } = field.validation ?? {};
  const schema: SchemaNode = { type: 'string', title: field.label };
  const errorMessage: Record<string, string> = { type: KEY.invalidImage };
  if (field.required) {
    schema.minLength = 1;
    errorMessage.minLength = KEY.required;
  }
  // Every image answer has a cap: the operator's maxSize (never above IMAGE_ANSWER_MAX_BYTES), else that ceiling.
  schema.maxLength = dataUrlMaxLength(Math.min(maxSize?.value ?? IMAGE_ANSWER_MAX_BYTES, IMAGE_ANSWER_MAX_BYTES), allowedFormats?.value);
  errorMessage.maxLength = maxSize?.message ?? KEY.imageTooLarge;
  const patterns: { pattern: string; message: string }[] = [{ pattern: allowEmpty(IMAGE_DATA_URL_PATTERN), message: KEY.invalidImage }];
  if (allowedFormats) patterns.push({ pattern: allowedFormatsPattern(allowedFormats.value), message: allowedFormats.message });
  schema.errorMessage = errorMessage;
  guardPatterns(schema, schema.maxLength as number, patterns);
  return schema;
}

/** JSON Schema of one field's answer (assumes attendeeFieldProblems(field) is empty). */
export function fieldSchema(field: AttendeeField): SchemaNode {
  switch (field.type) {
    case 'text':
    case 'textarea':
      return stringSchema(field, { typeMessage: KEY.invalid });
    case 'date':
      return dateSchema(field);
    case 'multiselect':
      return multiselectSchema(field);
    case 'country':
      return countrySchema(field);
    case 'curp':
      return codeSchema(field, stringSchema(field, { typeMessage: KEY.curp, builtIn: { pattern: CURP_PATTERN, message: KEY.curp }, defaultMaxLength: { value: 18, message: KEY.curp } }), true);
    case 'rfc':
      return codeSchema(field, stringSchema(field, { typeMessage: KEY.rfc, builtIn: { pattern: RFC_PATTERN, message: KEY.rfc }, defaultMaxLength: { value: 13, message: KEY.rfc } }), false);
    case 'email':
      return stringSchema(field, { typeMessage: KEY.email, builtIn: { pattern: EMAIL_PATTERN, message: KEY.email } });
    case 'telefono':
      return stringSchema(field, {
        typeMessage: KEY.telefono,
        builtIn: { pattern: TELEFONO_PATTERN, message: KEY.telefono },
        defaultMaxLength: { value: TELEFONO_DEFAULT_MAX_LENGTH, message: KEY.telefono },
      });
    case 'number':
      return numberSchema(field);
    case 'select':
      return selectSchema(field);
    case 'checkbox':
      return checkboxSchema(field);
    case 'file':
      return fileSchema(field);
  }
}

const WIDGET_BY_TYPE: Partial<Record<AttendeeField['type'], string>> = {
  email: 'email',
  telefono: 'telefono',
  select: 'select',
  textarea: 'textarea',
  date: 'date',
  multiselect: 'checkboxes',
  country: 'country',
  curp: 'upperCode',
  rfc: 'upperCode',
  checkbox: 'checkboxLink',
  file: 'fileImage',
};

/** uiSchema of one field: title, placeholder, the widget name our registry knows, and its options. */
export function fieldUiSchema(field: AttendeeField): UiSchema {
  const ui: UiSchema = { 'ui:title': field.label };
  const widget = WIDGET_BY_TYPE[field.type];
  if (widget) ui['ui:widget'] = widget;
  if (field.type === 'checkbox') {
    if (field.placeholder) ui['ui:options'] = { href: field.placeholder };
  } else if (field.placeholder) {
    ui['ui:placeholder'] = field.placeholder;
  }
  if (field.type === 'curp' || field.type === 'rfc') ui['ui:options'] = { maxLength: field.type === 'curp' ? 18 : 13, autocomplete: 'off' };
  if (field.type === 'file') {
    const { maxSize, allowedFormats } = field.validation ?? {};
    // The widget checks type and size before reading the file, with the operator's own messages.
    ui['ui:options'] = {
      accept: allowedFormats ? allowedFormats.value.join(',') : 'image/*',
      maxBytes: Math.min(maxSize?.value ?? IMAGE_ANSWER_MAX_BYTES, IMAGE_ANSWER_MAX_BYTES),
      sizeMessage: maxSize?.message ?? KEY.imageTooLarge,
      ...(allowedFormats ? { formatMessage: allowedFormats.message } : {}),
    };
  }
  return ui;
}
