import { useRef } from 'react';
import { useStores } from '../../StoreContext';
import { usePaymentsTranslation } from '../usePaymentsTranslation';
import type { PlanWording } from './installmentsForm';

/** The card plans' words for the current order and language; the function stays the same, its answer is the latest render's. */
export function usePlanWording(): () => PlanWording {
  const { t } = usePaymentsTranslation();
  const root = useStores();
  const latest = useRef(t);
  latest.current = t;
  const wording = useRef<() => PlanWording>(() => ({
    amountCents: root.checkout.payableTotalCents,
    currency: root.event.currency,
    lang: root.ui.language === 'en' ? 'en' : 'es',
    label: latest.current('methods.installments.label'),
    onePayment: (amount: string) => latest.current('methods.installments.onePayment', { amount }),
  }));
  return wording.current;
}
