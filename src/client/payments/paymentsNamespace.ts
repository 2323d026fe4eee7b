import type { i18n } from 'i18next';
import enPayments from '../../../locales/en/payments.json';
import esPayments from '../../../locales/es/payments.json';

/**
 * Adds the `payments` namespace (both languages, a few KiB) to `instance`. Imported by the
 * payment pages' chunks only, so the ticket page carries none of these strings.
 */
export function addPaymentsNamespace(instance: i18n): void {
  if (!instance.hasResourceBundle('es', 'payments')) instance.addResourceBundle('es', 'payments', esPayments, true, false);
  if (!instance.hasResourceBundle('en', 'payments')) instance.addResourceBundle('en', 'payments', enPayments, true, false);
}
