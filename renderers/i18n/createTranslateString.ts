import { replaceStringParameters, TranslatableString } from '@rjsf/utils';
import type { TFunction } from 'i18next';

/** TranslatableString values (English sentences) → their enum names, which are our i18n keys. */
const NAME_OF = new Map<string, string>(Object.entries(TranslatableString).map(([name, value]) => [value, name]));

/**
 * rjsf's `translateString` through i18next: `forms:rjsf.<EnumName>` with `%1`, `%2` …
 * passed as `{{p1}}`, `{{p2}}` …; a string we have not translated falls back to rjsf's English.
 */
export function createTranslateString(t: TFunction): (key: TranslatableString, params?: string[]) => string {
  return (key, params = []) => {
    const fallback = replaceStringParameters(key, params);
    const name = NAME_OF.get(key);
    if (!name) return fallback;
    const values = Object.fromEntries(params.map((param, index) => [`p${index + 1}`, param]));
    return t(`forms:rjsf.${name}`, { ...values, defaultValue: fallback }) as string;
  };
}
