import type { i18n } from 'i18next';
import en from '../../../locales/en/api-errors.json';
import es from '../../../locales/es/api-errors.json';

/** The namespace of the server's error catalogue (locales/<lang>/api-errors.json, the file the API speaks from). */
export const API_ERRORS_NAMESPACE = 'api-errors';

/**
 * The sentence of an API error `code` in the buyer's current language, or undefined when the
 * storefront cannot say it itself: a code the catalogue does not know (a newer server), or a
 * sentence that needs values only the server has (a ticket's name, a count) — then the
 * server's own `mensaje` is shown. The catalogue comes with the toast chunk, never the first page.
 */
export function apiErrorText(instance: i18n, code: string | undefined): string | undefined {
  if (!code) return undefined;
  for (const [language, resources] of Object.entries({ es, en })) {
    if (!instance.hasResourceBundle(language, API_ERRORS_NAMESPACE)) instance.addResourceBundle(language, API_ERRORS_NAMESPACE, resources, true, false);
  }
  const template = (es as Record<string, unknown>)[code];
  if (typeof template !== 'string' || template.includes('{{')) return undefined;
  return instance.t(`${API_ERRORS_NAMESPACE}:${code}`);
}
