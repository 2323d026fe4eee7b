import type { i18n } from 'i18next';
import en from '../../../locales/en/checkin.json';
import es from '../../../locales/es/checkin.json';

/** Adds the `checkin` namespace; only the scanner's chunk imports it, so no buyer page carries these strings. */
export function addCheckinNamespace(instance: i18n): void {
  if (!instance.hasResourceBundle('es', 'checkin')) instance.addResourceBundle('es', 'checkin', es, true, false);
  if (!instance.hasResourceBundle('en', 'checkin')) instance.addResourceBundle('en', 'checkin', en, true, false);
}
