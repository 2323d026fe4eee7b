import { beforeAll } from 'vitest';
import { loadFormParts } from '../../../renderers/formParts';
import { createI18n, switchLanguage } from '../../../src/client/i18n/createI18n';

export type RenderLanguage = 'es' | 'en';

/**
 * The storefront's i18n in Spanish and in English, ready before the file's tests, with the form parts
 * loaded on demand (multiselect, date, country, CURP/RFC widgets: renderers/formParts.ts) loaded first,
 * as the form pages and the preview load them before a form is shown.
 */
export function renderLanguages(): Record<RenderLanguage, ReturnType<typeof createI18n>> {
  const languages = {} as Record<RenderLanguage, ReturnType<typeof createI18n>>;
  beforeAll(async () => {
    await loadFormParts();
    for (const language of ['es', 'en'] as const) {
      languages[language] = createI18n(language);
      await switchLanguage(languages[language], language);
    }
  });
  return languages;
}
