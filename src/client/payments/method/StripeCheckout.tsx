import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ExpressCheckoutElement, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeExpressCheckoutElementClickEvent, StripeExpressCheckoutElementOptions, StripeExpressCheckoutElementReadyEvent } from '@stripe/stripe-js';
import { reaction, runInAction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SchemaForm } from '../../../../renderers/SchemaForm/SchemaForm';
import type { SchemaFormState } from '../../../../renderers/state/SchemaFormState';
import { configFlag } from '../../../shared/payment-methods';
import { TermsLine } from '../../forms/attendee/TermsLine';
import type { StaticForm } from '../../forms/staticForms';
import { useStores } from '../../StoreContext';
import { usePaymentsTranslation } from '../usePaymentsTranslation';
import { expressLineItems, stripeFailure, type StripeFailure } from './stripeRules';
import { SubmitRow } from './SubmitRow';
import { ApiError } from '../../api/ApiError';
import type { StaticForm as PlanForm } from '../../forms/staticForms';
import { chosenMonths, installmentsForm, type PlanChoice } from './installmentsForm';
import { PlanChoiceForm } from './PlanChoiceForm';
import { confirmOnServer, stripeCardPlans } from './stripeServerConfirm';
import { useBrowserHandover } from './useBrowserHandover';
import { usePlanWording } from './usePlanWording';

/** The card section's buyer details (schemas/forms/card-payment): sent as the payment's billing details. */
export interface CardPaymentForm {
  name: string;
  email: string;
  phone: string;
}

/** The card-payment form shows a field's problems about 300 ms after the buyer stops typing in it. */
export const VALIDATION_DELAY_MS = 300;

/** Touches each field typed into once typing has paused for `delayMs` (its problems then show). */
function useDelayedValidation(state: SchemaFormState<CardPaymentForm>, delayMs: number) {
  useEffect(() => {
    const changed = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const dispose = reaction(
      () => state.formData as unknown as Record<string, unknown> | undefined,
      (data, previous) => {
        for (const key of Object.keys({ ...data, ...previous })) if ((data?.[key] ?? '') !== (previous?.[key] ?? '')) changed.add(key);
        clearTimeout(timer);
        timer = setTimeout(() => {
          runInAction(() => changed.forEach((key) => state.touch(`/${key}`)));
          changed.clear();
        }, delayMs);
      },
    );
    return () => {
      dispose();
      clearTimeout(timer);
    };
  }, [state, delayMs]);
}

function FailureAlert({ failure }: { failure: StripeFailure }) {
  const { t } = useTranslation();
  return <Alert severity="error" sx={{ mt: 2 }}>{'key' in failure ? t(failure.key) : failure.message}</Alert>;
}

/**
 * Inside `<Elements>`: the express wallets (Google Pay, Apple Pay: each only when its event flag
 * is on and the browser can pay with it; 55 px high, up to 2 columns in 1 row; they ask for
 * e-mail and phone and list the order's lines) and the card section (name, e-mail, phone, the
 * payment element, 'Pay with card'). Both confirm the same PaymentIntent, returning to
 * `/{url}/stripe/loader`; a failure is shown as an alert and the panel is usable again.
 * With `installments` the card section asks our server for the card's plans first, shows them
 * (a choice, "1 pago" first) and our server confirms with the chosen one (stripeServerConfirm);
 * a card without plans is confirmed at once with one payment.
 */
export const StripeCheckout = observer(function StripeCheckout({ clientSecret, installments, form }: { clientSecret: string; installments: boolean; form: StaticForm<CardPaymentForm> }) {
  const { t } = usePaymentsTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const { payment, checkout, event, ui, api } = useStores();
  const handover = useBrowserHandover();
  const wording = usePlanWording();
  const [planForm, setPlanForm] = useState<PlanForm<PlanChoice> | null>(null);
  const config = (event.event?.config ?? {}) as Record<string, unknown>;
  const cardOn = configFlag(config, 'metodo_pago_stripe_tarjeta');
  const googlePayOn = configFlag(config, 'metodo_pago_stripe_google_pay');
  const applePayOn = configFlag(config, 'metodo_pago_stripe_apple_pay');
  const [failure, setFailure] = useState<StripeFailure | null>(null);
  const [paymentReady, setPaymentReady] = useState(false);
  const [cardComplete, setCardComplete] = useState(false);
  const [wallets, setWallets] = useState<{ googlePay: boolean; applePay: boolean } | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const busy = payment.submitting === 'stripe';
  useDelayedValidation(form.state, VALIDATION_DELAY_MS);

  const expressOptions = useMemo<StripeExpressCheckoutElementOptions>(
    () => ({
      buttonHeight: 55,
      layout: { maxColumns: 2, maxRows: 1 },
      paymentMethods: { googlePay: googlePayOn ? 'auto' : 'never', applePay: applePayOn ? 'auto' : 'never', link: 'never', paypal: 'never', amazonPay: 'never', klarna: 'never' },
      emailRequired: true,
      phoneNumberRequired: true,
    }),
    [googlePayOn, applePayOn],
  );

  /** Confirms the intent with the card (its billing details) or with the wallet the sheet just paid with. */
  const confirm = async (billing?: CardPaymentForm) => {
    if (!stripe || !elements || !event.url || (billing && !paymentReady)) {
      setFailure({ key: 'errors:cardPayment.notReady' });
      return;
    }
    setFailure(null);
    runInAction(() => {
      payment.setSubmitting('stripe');
      // Stripe.js leaves the page on success (the return URL, or 3-D Secure first): no leave warning for that.
      ui.setLeaveBlocked(false);
    });
    try {
      if (installments && billing && checkout.purchaseId) {
        if (planForm) {
          await confirmOnServer(api, handover, checkout.purchaseId, event.url, chosenMonths(planForm));
          return;
        }
        const plans = await stripeCardPlans(stripe, elements, api, checkout.purchaseId, billing);
        if (plans.length > 0) {
          // The buyer chooses, then pays again (the choice is confirmed by our server).
          setPlanForm(installmentsForm(plans, wording(), 'stripe-plan'));
          runInAction(() => {
            payment.setSubmitting(null);
            ui.setLeaveBlocked(true);
          });
          return;
        }
        await confirmOnServer(api, handover, checkout.purchaseId, event.url, 1);
        return;
      }
      const submitted = await elements.submit();
      if (submitted.error) throw submitted.error;
      const { error } = await stripe.confirmPayment({
        elements,
        clientSecret,
        confirmParams: {
          return_url: `${window.location.origin}/${event.url}/stripe/loader`,
          ...(billing ? { payment_method_data: { billing_details: { name: billing.name.trim(), email: billing.email.trim(), phone: billing.phone.trim() } } } : {}),
        },
      });
      // confirmPayment only comes back when the payment did not go through.
      throw error;
    } catch (error) {
      setFailure(error instanceof ApiError ? (error.mensaje ? { message: error.mensaje } : { key: 'errors:stripe.generic' }) : stripeFailure(error as { message?: string } | undefined));
      runInAction(() => {
        payment.setSubmitting(null);
        payment.setFailedMethod('stripe');
        ui.setLeaveBlocked(true);
      });
    }
  };

  const payWithCard = (data: CardPaymentForm) => {
    if (!cardComplete && paymentReady) {
      setFailure({ key: 'errors:cardPayment.incomplete' });
      return;
    }
    void confirm(data);
  };

  const invalid = () => {
    setFailure({ key: 'errors:cardPayment.incomplete' });
    requestAnimationFrame(() => containerRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const onExpressClick = (click: StripeExpressCheckoutElementClickEvent) => {
    setFailure(null);
    click.resolve({ emailRequired: true, phoneNumberRequired: true, lineItems: expressLineItems(checkout.summary) });
  };

  const walletsShown = wallets !== null && (wallets.googlePay || wallets.applePay);
  return (
    <Box ref={containerRef}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('methods.stripe.description')}
      </Typography>
      {googlePayOn || applePayOn ? (
        <Box component="section" aria-labelledby={walletsShown ? 'stripe-express-title' : undefined} sx={{ mb: 3, display: walletsShown ? 'block' : 'none' }}>
          <Typography id="stripe-express-title" component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            {t('methods.stripe.express')}
          </Typography>
          <ExpressCheckoutElement
            options={expressOptions}
            onReady={(ready: StripeExpressCheckoutElementReadyEvent) =>
              setWallets({ googlePay: ready.availablePaymentMethods?.googlePay === true, applePay: ready.availablePaymentMethods?.applePay === true })
            }
            onClick={onExpressClick}
            onConfirm={() => void confirm()}
          />
        </Box>
      ) : null}
      {!cardOn && failure ? <FailureAlert failure={failure} /> : null}
      {cardOn ? (
        <Box component="section" aria-labelledby="stripe-card-title">
          <Typography id="stripe-card-title" component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            {t('methods.stripe.cardTitle')}
          </Typography>
          <SchemaForm<CardPaymentForm>
            schema={form.schema}
            uiSchema={form.uiSchema}
            validator={form.validator}
            state={form.state}
            disabled={busy}
            onSubmit={payWithCard}
            onInvalid={invalid}
            aria-label={t('form.label', { method: t('methods.stripe.label') })}
          >
            <Box sx={{ mt: 2 }}>
              <PaymentElement
                onReady={() => setPaymentReady(true)}
                onChange={(change) => {
                  setCardComplete(change.complete);
                  // Another card: its own plans are asked for on the next 'Pay'.
                  setPlanForm(null);
                }}
              />
            </Box>
            {planForm ? <PlanChoiceForm form={planForm} disabled={busy} /> : null}
            {failure ? <FailureAlert failure={failure} /> : null}
            <SubmitRow label={t('methods.stripe.submit')} busy={busy} disabled={payment.submitting !== null} />
            <Box sx={{ mt: 1 }}>
              <TermsLine />
            </Box>
          </SchemaForm>
        </Box>
      ) : null}
    </Box>
  );
});
