import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paymentWidgets } from '../../../../renderers/paymentWidgets';
import { SchemaForm } from '../../../../renderers/SchemaForm/SchemaForm';
import { SecureFieldContext } from '../../../../renderers/widgets/SecureField/SecureFieldContext';
import { allowedBinsOf } from '../../../shared/forms/allowed-bins';
import { TermsLine } from '../../forms/attendee/TermsLine';
import { loadStaticForm, type StaticForm } from '../../forms/staticForms';
import { useStores } from '../../StoreContext';
import { authenticatorAmount } from '../providers/mercadopagoFastPayments';
import { loadMercadoPagoSdk } from '../providers/mercadopagoSdk';
import { PanelLoadFailed, PanelLoading } from './PanelLoadState';
import { usePaymentsTranslation } from '../usePaymentsTranslation';
import { AccountEmail, CardErrorDialog } from './CardPanelParts';
import { CardPanelStore, type CardPanelError, type WalletCardForm } from './CardPanelStore';
import type { PaymentActions } from './PaymentActions';
import { SavedCardStore } from './SavedCardStore';
import { SavedMethods } from './SavedMethods';
import { SubmitRow } from './SubmitRow';
import { PlanChoiceForm } from './PlanChoiceForm';
import { usePlanWording } from './usePlanWording';
import { installmentsForm } from './installmentsForm';
import { useAccountPlans } from './useAccountPlans';

/** The card tokenizer's refusal or a refused BIN, as the buyer reads it (role alert: announced at once). */
function CardError({ error }: { error: Exclude<CardPanelError, { kind: 'payment' }> }) {
  const { t } = useTranslation();
  if (error.kind === 'bin') return <Alert severity="error">{t('errors:walletCard.binNotAllowed')}</Alert>;
  return (
    <Alert severity="error">
      {error.messages.map((message, index) => (
        <div key={index}>{t(message.key, message.values)}</div>
      ))}
    </Alert>
  );
}

/**
 * The wallet provider's panel (`card`): the e-mail of the buyer's MercadoPago account on top
 * (its saved methods replace the new-card form, SavedMethods), and the new-card form of
 * schemas/forms/wallet-card, whose card number, expiry and security code are the provider's
 * own fields (iframes, mounted by the `secureField` widget once the provider's script has
 * loaded). A payment that fails without a payment of its own opens the error dialog; a
 * declined one goes to its loader (PaymentActions).
 */
export const CardPanel = observer(function CardPanel({ actions }: { actions: PaymentActions }) {
  const { t } = usePaymentsTranslation();
  const root = useStores();
  const { payment } = root;
  const wording = usePlanWording();
  const savedPlans = useAccountPlans('saved-plan');
  const [store] = useState(
    () =>
      new CardPanelStore({
        loadSdk: async () => {
          const config = await root.ui.loadConfig();
          if (!config?.mercadopago) throw new Error('No MercadoPago configuration');
          return loadMercadoPagoSdk(config.mercadopago);
        },
        allowedBins: () => allowedBinsOf({ bines_permitidos: root.event.event?.config.bines_permitidos }),
        pay: (details) => actions.payCard(details),
        plansFor: async (bin, paymentMethodId) => {
          const purchaseId = root.checkout.purchaseId;
          if (!purchaseId) return [];
          return (await root.api.mercadoPagoInstallments({ purchase_id: purchaseId, bin, payment_method_id: paymentMethodId })).plans;
        },
        planForm: (plans) => installmentsForm(plans, wording(), 'card-plan'),
      }),
  );
  const [saved] = useState(
    () =>
      new SavedCardStore({
        sdk: () => store.instance,
        amount: () => authenticatorAmount(root.checkout.payableTotalCents),
        buyer: () => root.checkout.buyerInfo,
        pay: (details) => actions.payCard(details),
        plans: savedPlans,
        schedule: (run, ms) => {
          const timer = setTimeout(run, ms);
          return () => clearTimeout(timer);
        },
      }),
  );
  const [form, setForm] = useState<StaticForm<WalletCardForm> | null>(null);
  const [formFailed, setFormFailed] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const busy = store.tokenizing || payment.submitting === 'card';

  // The account e-mail starts empty, not from the buyer's known e-mail: looking an account up asks
  // the buyer to authenticate with MercadoPago (its own dialog), which only the buyer should start.
  useEffect(() => saved.dispose, [saved]);

  useEffect(() => {
    let live = true;
    void store.open();
    const buyer = root.checkout.buyerInfo;
    loadStaticForm<WalletCardForm>('walletCard', {
      idPrefix: 'card',
      initialData: buyer ? { email: buyer.email, emailConfirm: buyer.email, phone: buyer.phone } : {},
    }).then(
      (loaded) => live && setForm(loaded),
      (error: unknown) => {
        console.error('Could not load the card form', error);
        if (live) setFormFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [store, root]);

  const focusFirstProblem = () =>
    requestAnimationFrame(() => containerRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const pay = async (data: WalletCardForm) => {
    const problems = await store.pay(data);
    if (problems.length > 0 && form) {
      form.state.setServerProblems(problems);
      focusFirstProblem();
    }
  };

  if (store.sdkState === 'failed' || formFailed)
    return <PanelLoadFailed onRetry={() => void store.open()} />;
  if (store.sdkState !== 'ready' || !form) return <PanelLoading />;
  const dialogError = saved.error ?? (store.error?.kind === 'payment' ? store.error : null);
  const backToNewCard = () => {
    saved.dismissError();
    store.dismissError();
  };
  return (
    <Box ref={containerRef}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('methods.card.description')}
      </Typography>
      <AccountEmail saved={saved} />
      <CardErrorDialog error={dialogError} onBack={backToNewCard} />
      {saved.showingSaved ? (
        <SavedMethods saved={saved} card={store} />
      ) : (
        <>
          {saved.methods.length > 0 ? (
            <Button variant="text" sx={{ mb: 1 }} onClick={saved.chooseSaved}>
              {t('methods.card.saved.useSaved')}
            </Button>
          ) : null}
          <SecureFieldContext.Provider value={store.host}>
            <SchemaForm<WalletCardForm>
              extraWidgets={paymentWidgets}
              schema={form.schema}
              uiSchema={form.uiSchema}
              validator={form.validator}
              state={form.state}
              disabled={busy || store.succeeded}
              onSubmit={(data) => void pay(data)}
              onInvalid={focusFirstProblem}
              aria-label={t('form.label', { method: t('methods.card.label') })}
            >
              {store.planForm ? <PlanChoiceForm form={store.planForm} disabled={busy || store.succeeded} /> : null}
              {store.error && store.error.kind !== 'payment' ? (
                <Box sx={{ mt: 2 }}>
                  <CardError error={store.error} />
                </Box>
              ) : null}
              <SubmitRow label={t('methods.card.submit')} busy={busy} disabled={payment.submitting !== null || store.succeeded} />
              {/* Paying accepts the purchase terms and the privacy notice: the buyer reads both links here. */}
              <Box sx={{ mt: 1 }}>
                <TermsLine />
              </Box>
            </SchemaForm>
          </SecureFieldContext.Provider>
        </>
      )}
    </Box>
  );
});
