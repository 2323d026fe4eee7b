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
  /** Wrong shape: unknown field, wrong value type, wrong number of attendees, unknown ticket. */
  invalid: 'errors:attendee.invalid',
} as const;

export type AttendeeMessageKey = (typeof ATTENDEE_MESSAGE_KEYS)[keyof typeof ATTENDEE_MESSAGE_KEYS];
