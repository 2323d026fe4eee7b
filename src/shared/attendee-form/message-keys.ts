/**
 * The i18n keys the compiled attendee schemas put in `errorMessage`. The storefront
 * translates them (locales/<lang>/errors.json, `attendee.*`); the server returns
 * them as they are. Operator-written messages are used verbatim instead of these.
 */
export const ATTENDEE_MESSAGE_KEYS = {
  /** A required answer is missing or empty. */
  required: 'errors:attendee.required',
  /** A text answer longer than its cap (the limit is the schema's `maxLength`). */
  tooLong: 'errors:attendee.tooLong',
  /** An image answer larger than the default ceiling (the operator gave no maxSize message). */
  imageTooLarge: 'errors:attendee.imageTooLarge',
  /** A file answer is not an image data URL. */
  invalidImage: 'errors:attendee.invalidImage',
  email: 'errors:attendee.email',
  /** Digits only / too long (when the operator gave no maxLength message). */
  telefono: 'errors:attendee.telefono',
  /** Not a number. */
  number: 'errors:attendee.number',
  /** Below `minimum` (the limit is the schema's `minimum`). */
  min: 'errors:attendee.min',
  /** Above `maximum` (the limit is the schema's `maximum`). */
  max: 'errors:attendee.max',
  /** A select answer that is not one of the options. */
  option: 'errors:attendee.option',
  /** A required checkbox left unticked. */
  checkboxRequired: 'errors:attendee.checkboxRequired',
  /** date: not a real `YYYY-MM-DD` day. */
  date: 'errors:attendee.date',
  /** date: before the earliest date (`{{minDate}}`, the schema's `earliestDate`). */
  dateMin: 'errors:attendee.dateMin',
  /** date: after the latest date (`{{maxDate}}`, the schema's `latestDate`). */
  dateMax: 'errors:attendee.dateMax',
  /** multiselect: a choice that is not an option, or one chosen twice. */
  options: 'errors:attendee.options',
  /** multiselect: fewer choices than `{{minChoices}}`. */
  minChoices: 'errors:attendee.minChoices',
  /** multiselect: more choices than `{{maxChoices}}`. */
  maxChoices: 'errors:attendee.maxChoices',
  /** country: not an ISO 3166-1 alpha-2 code. */
  country: 'errors:attendee.country',
  /** curp: not the official 18-character shape. */
  curp: 'errors:attendee.curp',
  /** curp: the shape is right but the 18th character is not the check digit. */
  curpCheckDigit: 'errors:attendee.curpCheckDigit',
  /** rfc: not the official 12- or 13-character shape. */
  rfc: 'errors:attendee.rfc',
  /** An answer to a field its `visible_when` hides (the form never sends one). */
  hidden: 'errors:attendee.hidden',
  /** Wrong shape: unknown field, wrong value type, wrong number of attendees, unknown ticket. */
  invalid: 'errors:attendee.invalid',
} as const;

export type AttendeeMessageKey = (typeof ATTENDEE_MESSAGE_KEYS)[keyof typeof ATTENDEE_MESSAGE_KEYS];
