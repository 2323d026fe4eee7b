import { useState } from 'react';
import { useStores } from '../../StoreContext';
import { AccountPlanChoice } from './AccountPlanChoice';
import { installmentsForm } from './installmentsForm';
import { usePlanWording } from './usePlanWording';

/** The plan choice of a saved MercadoPago method (AccountPlanChoice), asking our server for the purchase's total; `idPrefix` names its form. */
export function useAccountPlans(idPrefix: string): AccountPlanChoice {
  const root = useStores();
  const wording = usePlanWording();
  const [choice] = useState(
    () =>
      new AccountPlanChoice({
        plansFor: async (token, method) => {
          const purchaseId = root.checkout.purchaseId;
          if (!purchaseId) return [];
          return (await root.api.mercadoPagoAccountInstallments({ purchase_id: purchaseId, token, id: method.id, type: method.type })).plans;
        },
        planForm: (plans) => installmentsForm(plans, wording(), idPrefix),
      }),
  );
  return choice;
}
