import type { i18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import en from '../../../locales/en/invoice.json';
import es from '../../../locales/es/invoice.json';

/** Adds the `invoice` namespace; only the invoice form's chunk imports it. */
function addInvoiceNamespace(instance: i18n): void {
  if (!instance.hasResourceBundle('es', 'invoice')) instance.addResourceBundle('es', 'invoice', es, true, false);
  if (!instance.hasResourceBundle('en', 'invoice')) instance.addResourceBundle('en', 'invoice', en, true, false);
}

/** `useTranslation('invoice')`, making sure the namespace is there first. */
export function useInvoiceTranslation() {
  const translation = useTranslation('invoice');
  addInvoiceNamespace(translation.i18n);
  return translation;
}
