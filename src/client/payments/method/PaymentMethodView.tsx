import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { observer } from 'mobx-react-lite';
import { Suspense, useEffect, useId, useState } from 'react';
import { Navigate } from 'react-router';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { Panel } from '../../components/Panel';
import { StepGuard } from '../../components/StepGuard';
import { StepNavigation } from '../../components/StepNavigation';
import { lazyWithRetry } from '../../lib/lazyWithRetry';
import { purchaseKeyFor } from '../../stores/purchaseKeys';
import { useStores } from '../../StoreContext';
import { usePaymentsTranslation } from '../usePaymentsTranslation';
import { BuyerForms } from './BuyerForms';
import { PaymentActions } from './PaymentActions';
import { PaymentMethodList } from './PaymentMethodList';
import { ThreeDsDialog } from './ThreeDsDialog';
import { useBrowserHandover } from './useBrowserHandover';

// "Quiero factura" (the event's invoicing.ask_at_checkout) and its form engine: their own chunk, only for such events.
const InvoiceAtCheckout = lazyWithRetry(() => import('../../invoice/InvoiceAtCheckout'));

/** The payment step itself: title (another one for a 0 total), the panels, "Quiero factura" when the event asks, Back. */
const PaymentStep = observer(function PaymentStep({ actions, forms }: { actions: PaymentActions; forms: BuyerForms }) {
  const { t } = usePaymentsTranslation();
  const { payment, event, checkout, sessionStorage } = useStores();
  const titleId = useId();
  const free = payment.totalCents === 0;
  const purchaseKey = event.event?.invoice_at_checkout && !free ? purchaseKeyFor(sessionStorage, checkout.purchaseId) : null;
  const methods = payment.offeredMethods;

  return (
    <Panel labelledBy={titleId}>
      <Typography id={titleId} variant="h1" component="h1" sx={{ mb: 1 }}>
        {free ? t('page.freeTitle') : t('page.title')}
      </Typography>
      <Typography color="text.secondary">{free ? t('page.freeIntro') : t('page.intro')}</Typography>
      {payment.errorFlag && !free ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {t('page.previousFailed')}
        </Alert>
      ) : null}
      {methods.length > 0 ? (
        <PaymentMethodList actions={actions} forms={forms} />
      ) : (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('page.none')}
        </Alert>
      )}
      {purchaseKey && checkout.purchaseId ? (
        <Suspense fallback={null}>
          <InvoiceAtCheckout purchaseId={checkout.purchaseId} purchaseKey={purchaseKey} email={checkout.buyerInfo?.email} />
        </Suspense>
      ) : null}
      <StepNavigation step="payment" />
      <ThreeDsDialog />
    </Panel>
  );
});

/**
 * `/{url}/payment-method`. The guard (the flow's `resolveStep`) sends a buyer without
 * tickets or purchase to /{url} and one whose form is still due to /{url}/form. Once a
 * payment starts, the page only says it is handing over: clearing the order must not
 * bounce the buyer back to the tickets on the way to the provider.
 */
export const PaymentMethodView = observer(function PaymentMethodView() {
  usePaymentsTranslation();
  const root = useStores();
  const handover = useBrowserHandover();
  const [actions] = useState(() => new PaymentActions(root, handover));
  const [forms] = useState(() => new BuyerForms(() => root.checkout.buyerInfo));

  useEffect(() => {
    const { payment } = root;
    payment.resetView();
    // Back from a provider's page out of the back/forward cache: the page is live again.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) payment.resetView();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pageshow', onPageShow);
      payment.resetView();
    };
  }, [root]);

  if (root.payment.leaving) return <LoadingIndicator labelKey="payments:page.redirecting" />;
  // Tickets already issued for this order (back from the thank-you page): nothing left to pay.
  if (root.checkout.emissionId) return <Navigate to={`/${root.event.url ?? ''}/payment-status`} replace />;
  return (
    <StepGuard step="payment">
      <PaymentStep actions={actions} forms={forms} />
    </StepGuard>
  );
});
