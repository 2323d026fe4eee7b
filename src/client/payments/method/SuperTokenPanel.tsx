import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { SchemaForm } from '../../../../renderers/SchemaForm/SchemaForm';
import { loadStaticForm, type StaticForm } from '../../forms/staticForms';
import { useStores } from '../../StoreContext';
import { authenticatorAmount, type AccountPaymentMethod } from '../providers/mercadopagoFastPayments';
import { loadMercadoPagoSdk } from '../providers/mercadopagoSdk';
import { PanelLoadFailed, PanelLoading } from './PanelLoadState';
import { usePaymentsTranslation } from '../usePaymentsTranslation';
import { CardPanel } from './CardPanel';
import type { PaymentActions } from './PaymentActions';
import { SubmitRow } from './SubmitRow';
import { SuperTokenPanelStore } from './SuperTokenPanelStore';
import { PlanChoiceForm } from './PlanChoiceForm';
import { useAccountPlans } from './useAccountPlans';

interface EmailForm {
  email: string;
}

/** One saved method as a radio's label: the brand's thumbnail (with its name as alt), the issuer and the last four digits. */
function MethodLabel({ method }: { method: AccountPaymentMethod }) {
  const { t } = usePaymentsTranslation();
  const thumbnail = method.payment_method.secure_thumbnail ?? method.payment_method.thumbnail;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      {thumbnail ? <img src={thumbnail} alt={method.payment_method.name} width={32} height={20} style={{ objectFit: 'contain' }} /> : null}
      {method.type === 'account_money' ? (
        <span>{t('methods.superToken.accountMoney')}</span>
      ) : (
        <span>
          {method.issuer?.name ?? method.payment_method.name} · {t('methods.superToken.endingIn', { digits: method.last_four_digits ?? '' })}
        </span>
      )}
    </Box>
  );
}

/** The error screen of a failed order: retry, another e-mail, or another card. */
function SuperTokenFailure({ store, onOtherEmail }: { store: SuperTokenPanelStore; onOtherEmail: () => void }) {
  const { t } = usePaymentsTranslation();
  return (
    <Alert severity="error">
      <AlertTitle>{t('methods.superToken.failedTitle')}</AlertTitle>
      <Typography sx={{ mb: 1 }}>{t('methods.superToken.failedText')}</Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={() => void store.retry()}>
          {t('methods.superToken.retry')}
        </Button>
        <Button variant="outlined" onClick={onOtherEmail}>
          {t('methods.superToken.otherEmail')}
        </Button>
        <Button variant="outlined" onClick={() => store.useCard()}>
          {t('methods.superToken.otherCard')}
        </Button>
      </Box>
    </Alert>
  );
}

/**
 * The super-token panel (`superToken`): the account's e-mail (schemas/forms/super-token-email),
 * the provider's authenticator, the account's saved methods as radios, and the pay button.
 * Plain card entry is the new-card panel itself.
 */
export const SuperTokenPanel = observer(function SuperTokenPanel({ actions }: { actions: PaymentActions }) {
  const { t } = usePaymentsTranslation();
  const root = useStores();
  const { payment } = root;
  const plans = useAccountPlans('supertoken-plan');
  const [store] = useState(
    () =>
      new SuperTokenPanelStore({
        plans,
        loadSdk: async () => {
          const config = await root.ui.loadConfig();
          if (!config?.mercadopago) throw new Error('No MercadoPago configuration');
          return loadMercadoPagoSdk(config.mercadopago);
        },
        amount: () => authenticatorAmount(root.payment.totalCents),
        pay: (details) => actions.paySuperToken(details),
        setErrorFlag: () => root.payment.setErrorFlag(true),
        wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      }),
  );
  const [form, setForm] = useState<StaticForm<EmailForm> | null>(null);
  const [formFailed, setFormFailed] = useState(false);
  /** 0: the first e-mail form (a remembered e-mail filled in); each "another e-mail" makes a fresh, empty one. */
  const [formRound, setFormRound] = useState(0);
  const containerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    const email = formRound === 0 ? (root.checkout.buyerInfo?.email ?? '') : '';
    loadStaticForm<EmailForm>('superTokenEmail', { idPrefix: 'super-token', initialData: { email } }).then(
      (loaded) => live && setForm(loaded),
      (error: unknown) => {
        console.error('Could not load the super-token form', error);
        if (live) setFormFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [root, formRound]);

  // A fresh e-mail form (another e-mail) takes the focus, so the buyer types straight away.
  useEffect(() => {
    if (form && formRound > 0) containerRef.current?.querySelector<HTMLInputElement>('input[type="email"]')?.focus();
  }, [form, formRound]);

  // Every change of the e-mail (a remembered one included) decides whether the authenticator starts.
  useEffect(
    () =>
      form
        ? reaction(
            () => ({ email: form.state.data.email ?? '', valid: form.state.schemaProblems.length === 0 }),
            ({ email, valid }) => void store.emailChanged(email, valid),
            { fireImmediately: true, equals: (a, b) => a.email === b.email && a.valid === b.valid },
          )
        : undefined,
    [form, store],
  );

  // The provider's dialog took the focus: once the account's methods are listed, the chosen one has it.
  const choosing = store.phase === 'choosing';
  useEffect(() => {
    if (choosing) containerRef.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.focus();
  }, [choosing]);

  const otherEmail = () => {
    store.useAnotherEmail();
    setForm(null);
    setFormRound((round) => round + 1);
  };

  if (store.mode === 'card')
    return (
      <Box>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('methods.superToken.cardFallback')}
        </Typography>
        <CardPanel actions={actions} />
      </Box>
    );
  if (formFailed) return <PanelLoadFailed />;
  if (!form) return <PanelLoading />;
  const busy = store.phase === 'paying';
  return (
    <Box ref={containerRef}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('methods.superToken.description')}
      </Typography>
      <SchemaForm<EmailForm>
        schema={form.schema}
        uiSchema={form.uiSchema}
        validator={form.validator}
        state={form.state}
        disabled={busy}
        onSubmit={() => undefined}
        aria-label={t('methods.superToken.emailForm')}
      />
      {store.phase === 'authenticating' ? (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 2 }}>
          <CircularProgress size={20} aria-hidden />
          <Typography component="span">{t('methods.superToken.authenticating')}</Typography>
        </Box>
      ) : null}
      {store.phase === 'failed' ? (
        <Box sx={{ mt: 2 }}>
          <SuperTokenFailure store={store} onOtherEmail={otherEmail} />
        </Box>
      ) : null}
      {store.phase === 'choosing' || store.phase === 'paying' ? (
        <Box sx={{ mt: 2 }}>
          {store.methods.length === 0 ? (
            <Alert severity="info" action={<Button onClick={() => store.useCard()}>{t('methods.superToken.otherCard')}</Button>}>
              {t('methods.superToken.noMethods')}
            </Alert>
          ) : (
            <>
              <Typography id="super-token-methods" component="h3" sx={{ fontWeight: 600 }}>
                {t('methods.superToken.methodsLabel')}
              </Typography>
              <RadioGroup aria-labelledby="super-token-methods" value={store.selectedId ?? ''} onChange={(event) => store.select(event.target.value)}>
                {store.methods.map((method) => (
                  <FormControlLabel key={method.id} value={method.id} disabled={busy} control={<Radio />} label={<MethodLabel method={method} />} />
                ))}
              </RadioGroup>
              {store.plans.form ? <PlanChoiceForm form={store.plans.form} disabled={busy} /> : null}
              <SubmitRow label={t('methods.superToken.submit')} busy={busy} disabled={!store.canPay || payment.submitting !== null} onClick={() => void store.pay()} />
            </>
          )}
        </Box>
      ) : null}
    </Box>
  );
});
