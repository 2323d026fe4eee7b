import type { i18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import en from '../../../locales/en/order.json';
import es from '../../../locales/es/order.json';

/** Adds the `order` namespace; only the order page's chunk imports it. */
function addOrderNamespace(instance: i18n): void {
  if (!instance.hasResourceBundle('es', 'order')) instance.addResourceBundle('es', 'order', es, true, false);
  if (!instance.hasResourceBundle('en', 'order')) instance.addResourceBundle('en', 'order', en, true, false);
}

/** `useTranslation('order')`, making sure the namespace is there first. */
export function useOrderTranslation() {
  const translation = useTranslation('order');
  addOrderNamespace(translation.i18n);
  return translation;
}
