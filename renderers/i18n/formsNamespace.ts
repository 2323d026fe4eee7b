import type { i18n } from 'i18next';
import enForms from '../../locales/en/forms.json';
import esForms from '../../locales/es/forms.json';

/**
 * Adds the `forms` namespace (field labels of schemas/forms, widget texts, rjsf strings)
 * to an i18next instance. Imported by the form chunks only, so the ticket page does not
 * carry these strings; both languages are small enough to come together.
 */
export function addFormsNamespace(instance: i18n): void {
  if (!instance.hasResourceBundle('es', 'forms')) instance.addResourceBundle('es', 'forms', esForms, true, false);
  if (!instance.hasResourceBundle('en', 'forms')) instance.addResourceBundle('en', 'forms', enForms, true, false);
}
