import { FIRST_COUNTRY } from '../../../src/shared/attendee-form/country-codes';

/** The codes with their names in `language`: Mexico first, the rest by name in that language. */
export function countryChoices(codes: readonly string[], language: string): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([language, 'es'], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(language);
  const choices = codes.map((code) => ({ code, name: names.of(code) ?? code }));
  return choices.sort((a, b) => (a.code === FIRST_COUNTRY ? -1 : b.code === FIRST_COUNTRY ? 1 : collator.compare(a.name, b.name)));
}
