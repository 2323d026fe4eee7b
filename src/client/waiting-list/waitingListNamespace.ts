import type { i18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import en from '../../../locales/en/waitinglist.json';
import es from '../../../locales/es/waitinglist.json';

/** Adds the `waitinglist` namespace; only the waiting list's chunks import it. */
function addWaitingListNamespace(instance: i18n): void {
  if (!instance.hasResourceBundle('es', 'waitinglist')) instance.addResourceBundle('es', 'waitinglist', es, true, false);
  if (!instance.hasResourceBundle('en', 'waitinglist')) instance.addResourceBundle('en', 'waitinglist', en, true, false);
}

/** `useTranslation('waitinglist')`, making sure the namespace is there first. */
export function useWaitingListTranslation() {
  const translation = useTranslation('waitinglist');
  addWaitingListNamespace(translation.i18n);
  return translation;
}
