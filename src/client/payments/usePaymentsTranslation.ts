import { useTranslation } from 'react-i18next';
import { addPaymentsNamespace } from './paymentsNamespace';

/** `useTranslation('payments')`, making sure the namespace is there first. */
export function usePaymentsTranslation() {
  const translation = useTranslation('payments');
  addPaymentsNamespace(translation.i18n);
  return translation;
}
