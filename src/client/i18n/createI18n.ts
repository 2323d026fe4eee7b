import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import esCheckout from '../../../locales/es/checkout.json';
import esCommon from '../../../locales/es/common.json';
import esErrors from '../../../locales/es/errors.json';
import type { Language } from '../stores/UiStore';

/**
 * Namespaces of the app. `forms` and `payments` are added with `addResourceBundle` by the
 * lazy chunks that use them (renderers/i18n/formsNamespace.ts, payments/paymentsNamespace.ts),
 * so the ticket page does not carry their strings.
 */
export const NAMESPACES = ['common', 'checkout', 'errors', 'payments'] as const;

// Spanish (the default) ships in the first bundle; English is fetched when first needed.
const loaders: Record<Language, () => Promise<Record<string, object>>> = {
  es: async () => ({ common: esCommon, checkout: esCheckout, errors: esErrors }),
  en: async () => {
    const [common, checkout, errors] = await Promise.all([
      import('../../../locales/en/common.json'),
      import('../../../locales/en/checkout.json'),
      import('../../../locales/en/errors.json'),
    ]);
    return { common: common.default, checkout: checkout.default, errors: errors.default };
  },
};

/** Creates the app's i18next instance with Spanish loaded (synchronous init: the first paint is translated). */
export function createI18n(language: Language): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { es: { common: esCommon, checkout: esCheckout, errors: esErrors } },
    lng: language,
    fallbackLng: 'es',
    supportedLngs: ['es', 'en'],
    ns: [...NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false }, // React escapes
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

/** Loads `language`'s resources if needed, then switches to it. */
export async function switchLanguage(instance: i18n, language: Language): Promise<void> {
  if (!instance.hasResourceBundle(language, 'common')) {
    const bundles = await loaders[language]();
    for (const [namespace, resources] of Object.entries(bundles)) instance.addResourceBundle(language, namespace, resources, true, false);
  }
  await instance.changeLanguage(language);
}
