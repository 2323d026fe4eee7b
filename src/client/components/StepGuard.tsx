import { observer } from 'mobx-react-lite';
import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { checkoutFlow, resolveStep, stepPath, type StepId } from '../flow/checkoutFlow';
import { useStores } from '../StoreContext';
import { PageLoading } from './LoadingIndicator';

/**
 * Renders a step only where `resolveStep` allows it; otherwise redirects to the step
 * the buyer may be on. After a refresh it first restores the held purchase this tab saved.
 */
export const StepGuard = observer(function StepGuard({ step, children }: { step: StepId; children: ReactNode }) {
  const { checkout, event, actions } = useStores();
  const url = event.url ?? '';

  useEffect(() => {
    void actions.restorePurchase(url);
  }, [actions, url]);

  if (checkout.purchaseId === null && checkout.restoreStatus !== 'done') return <PageLoading />;
  const allowed = resolveStep(checkoutFlow, step, checkout.flowContext);
  if (allowed.id !== step) return <Navigate to={stepPath(url, allowed)} replace />;
  return <>{children}</>;
});
