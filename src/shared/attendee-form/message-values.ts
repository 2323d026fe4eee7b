/** The schema keywords a message may quote (see messageValues). */
export interface QuotedSchema {
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  not?: unknown;
  earliestDate?: unknown;
  latestDate?: unknown;
}

/** `2026-03-14` as the buyer reads it ('14 de marzo de 2026', 'March 14, 2026'); other text as it is. */
export function displayDate(value: unknown, lang: string): string | undefined {
  if (typeof value !== 'string') return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/**
 * Interpolation values a message may use (`{{min}}`, `{{maxLength}}`, `{{minDate}}`,
 * `{{maxChoices}}`, …), read from the field's compiled schema. The storefront and
 * `event:check`'s answer cases both render messages with it, so a case can pin the sentence
 * the buyer reads.
 */
export function messageValues(schema: QuotedSchema | undefined, lang = 'es') {
  const not = schema?.not as { maxItems?: number } | undefined;
  return {
    min: schema?.minimum,
    max: schema?.maximum,
    minLength: schema?.minLength,
    maxLength: schema?.maxLength,
    minDate: displayDate(schema?.earliestDate, lang),
    maxDate: displayDate(schema?.latestDate, lang),
    minChoices: typeof not?.maxItems === 'number' ? not.maxItems + 1 : undefined,
    maxChoices: schema?.maxItems,
  };
}
