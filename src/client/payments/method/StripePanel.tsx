import { Elements } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useState } from 'react';
import { loadStaticForm, type StaticForm } from '../../forms/staticForms';
import { useStores } from '../../StoreContext';
import { loadStripeSdk, STRIPE_LOCALE, stripeSdkConfig } from '../providers/stripeSdk';
import { PanelLoadFailed, PanelLoading } from './PanelLoadState';
import { usePaymentsTranslation } from '../usePaymentsTranslation';
import { StripeCheckout, type CardPaymentForm } from './StripeCheckout';

interface Ready {
  stripe: Stripe;
  clientSecret: string;
  /** The event offers card instalments: the card step goes through our server (stripeServerConfirm). */
  installments: boolean;
  form: StaticForm<CardPaymentForm>;
}

/**
 * The card payment provider's panel (`stripe`): Stripe.js on demand, the PaymentIntent of the
 * purchase (create-order, only once a purchase exists and its total is above 0) and the
 * card-payment form; then the express wallets and the card section inside `<Elements>`.
 * A 0 total, or no purchase, renders (and charges) nothing.
 */
export const StripePanel = observer(function StripePanel() {
  const { t } = usePaymentsTranslation();
  const root = useStores();
  const { checkout, payment } = root;
  const purchaseId = checkout.purchaseId;
  const payable = payment.totalCents > 0;
  const [ready, setReady] = useState<Ready | null>(null);
  const [failed, setFailed] = useState(false);

  const open = useCallback(async (live: () => boolean) => {
    if (!purchaseId) return;
    setFailed(false);
    try {
      const config = await root.ui.loadConfig();
      const sdk = stripeSdkConfig(config?.stripe, root.event.event?.config.stripe_public_key);
      if (!sdk) throw new Error('No Stripe configuration');
      const buyer = checkout.buyerInfo;
      const [stripe, order, form] = await Promise.all([
        loadStripeSdk(sdk),
        root.api.createStripeOrder({ purchase_id: purchaseId, lang: root.ui.language }),
        loadStaticForm<CardPaymentForm>('cardPayment', { idPrefix: 'stripe', initialData: buyer ? { name: buyer.name, email: buyer.email, phone: buyer.phone } : {} }),
      ]);
      if (live()) setReady({ stripe, clientSecret: order.clientSecret, installments: order.installments === true, form });
    } catch (error) {
      console.error('Could not prepare the card payment provider', error);
      if (live()) setFailed(true);
    }
  }, [root, checkout, purchaseId]);

  useEffect(() => {
    if (!payable) return undefined;
    let live = true;
    void open(() => live);
    return () => {
      live = false;
    };
  }, [open, payable]);

  if (!payable || !purchaseId) return null;
  if (failed)
    return <PanelLoadFailed onRetry={() => void open(() => true)} />;
  if (!ready) return <PanelLoading label={t('methods.stripe.loadingPayment')} />;
  return (
    <Elements stripe={ready.stripe} options={{ clientSecret: ready.clientSecret, locale: STRIPE_LOCALE, appearance: { theme: 'stripe' } }}>
      <StripeCheckout clientSecret={ready.clientSecret} installments={ready.installments} form={ready.form} />
    </Elements>
  );
});
