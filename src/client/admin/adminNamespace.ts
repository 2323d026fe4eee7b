import type { i18n } from 'i18next';
import en from '../../../locales/en/admin.json';
import es from '../../../locales/es/admin.json';

/** Adds the `admin` namespace; only the console's chunk imports it, so no buyer page carries these strings. */
export function addAdminNamespace(instance: i18n): void {
  if (!instance.hasResourceBundle('es', 'admin')) instance.addResourceBundle('es', 'admin', es, true, false);
  if (!instance.hasResourceBundle('en', 'admin')) instance.addResourceBundle('en', 'admin', en, true, false);
}
