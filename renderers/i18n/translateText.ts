import type { TFunction } from 'i18next';

/** An i18n key as our schemas write them: `namespace:path.to.key` (no spaces). */
const I18N_KEY = /^[a-z][A-Za-z0-9_-]*:[A-Za-z0-9_.-]+$/;

/** True when `text` is an i18n key rather than a sentence an operator wrote. */
export function isI18nKey(text: string): boolean {
  return I18N_KEY.test(text);
}

/**
 * Schema texts are either i18n keys (`errors:attendee.required`, `forms:fields.email`) or
 * the operator's own words (labels and messages of an event file, shown as written).
 * Keys are translated with `values` interpolated; anything else passes through.
 */
export function translateText(t: TFunction, text: string | undefined, values: Record<string, unknown> = {}): string {
  if (!text) return '';
  if (!isI18nKey(text)) return text;
  return t(text, { ...values, defaultValue: text }) as string;
}

/** Interpolation values a message may use, read from the field's schema: shared with `event:check`'s answer cases. */
export { messageValues } from '../../src/shared/attendee-form/message-values';
