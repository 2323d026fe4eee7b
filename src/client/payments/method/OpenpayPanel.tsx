import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { UiSchema } from '@rjsf/utils';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paymentWidgets } from '../../../../renderers/paymentWidgets';
import { SchemaForm } from '../../../../renderers/SchemaForm/SchemaForm';
import { allowedBinsOf } from '../../../shared/forms/allowed-bins';
import { TermsLine } from '../../forms/attendee/TermsLine';
import { loadStaticForm, type StaticForm } from '../../forms/staticForms';
import { useStores } from '../../StoreContext';
import { loadOpenpay } from '../providers/openpaySdk';
import { PanelLoadFailed, PanelLoading } from './PanelLoadState';
import { usePaymentsTranslation } from '../usePaymentsTranslation';
import { OpenpayPanelStore, type SecondCardForm } from './OpenpayPanelStore';
import type { PaymentActions } from './PaymentActions';
import { SubmitRow } from './SubmitRow';

/** The second-card form's card fields: typed inside the card frame, so the page's form only hides them. */
const IN_FRAME = ['cardNumber', 'expireMonth', 'expireYear', 'cvvCode'] as const;

function outerUiSchema(uiSchema: UiSchema): UiSchema {
  return { ...uiSchema, ...Object.fromEntries(IN_FRAME.map((field) => [field, { 'ui:widget': 'hidden' }])) };
}

/**
 * The second card provider's panel (`openpay`): the card number, expiry and security code in
 * the card frame (a page of our own origin, `/payments/openpay/card-frame`, that tokenizes with
 * Openpay and posts back only the token and the BIN), the holder and e-mail in the
 * `second-card` schema form here. The frame mounts 200 ms after Openpay's scripts load.
 */
export const OpenpayPanel = observer(function OpenpayPanel({ actions }: { actions: PaymentActions }) {
  const { t } = usePaymentsTranslation();
  const { t: tAll } = useTranslation();
  const root = useStores();
  const { payment, ui } = root;
  const [store] = useState(
    () =>
      new OpenpayPanelStore({
        loadSdk: async () => {
          const config = await ui.loadConfig();
          if (!config?.openpay) throw new Error('No Openpay configuration');
          return loadOpenpay(config.openpay, root.localStorage);
        },
        allowedBins: () => allowedBinsOf({ bines_permitidos: root.event.event?.config.bines_permitidos }),
        pay: (details) => actions.payOpenpay(details),
        notify: (notification) => ui.notify(notification),
        setErrorFlag: () => payment.setErrorFlag(true),
        wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
        origin: window.location.origin,
      }),
  );
  const [form, setForm] = useState<StaticForm<SecondCardForm> | null>(null);
  const [formFailed, setFormFailed] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const busy = store.busy || payment.submitting === 'openpay';

  useEffect(() => {
    let live = true;
    void store.open();
    const buyer = root.checkout.buyerInfo;
    loadStaticForm<SecondCardForm>('secondCard', {
      idPrefix: 'openpay',
      initialData: buyer ? { email: buyer.email, emailConfirm: buyer.email } : {},
    }).then(
      (loaded) => live && setForm({ ...loaded, uiSchema: outerUiSchema(loaded.uiSchema) }),
      (error: unknown) => {
        console.error('Could not load the card form', error);
        if (live) setFormFailed(true);
      },
    );
    const onMessage = (event: MessageEvent) => store.onMessage(event);
    window.addEventListener('message', onMessage);
    return () => {
      live = false;
      window.removeEventListener('message', onMessage);
    };
  }, [store, root]);

  const focusFirstProblem = () =>
    requestAnimationFrame(() => containerRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  if (store.sdkState === 'failed' || formFailed)
    return <PanelLoadFailed onRetry={() => void store.open()} />;
  if (store.sdkState !== 'ready' || !form) return <PanelLoading />;
  return (
    <Box ref={containerRef}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('methods.openpay.description')}
      </Typography>
      {store.frameMounted ? (
        <Box
          component="iframe"
          // The frame's window is known from the moment it is in the page, before its 'ready' message.
          ref={store.frameRef}
          title={t('methods.openpay.frameTitle')}
          src={`/payments/openpay/card-frame?lang=${ui.language === 'en' ? 'en' : 'es'}`}
          sx={{ display: 'block', width: '100%', height: 170, border: 0, mb: 2 }}
        />
      ) : (
        <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 3, height: 170, mb: 2 }}>
          <CircularProgress aria-label={t('form.loading')} />
        </Box>
      )}
      <SchemaForm<SecondCardForm>
        extraWidgets={paymentWidgets}
        schema={form.schema}
        uiSchema={form.uiSchema}
        validator={form.validator}
        state={form.state}
        disabled={busy}
        onSubmit={(data) => void store.pay(data)}
        onInvalid={focusFirstProblem}
        aria-label={t('form.label', { method: t('methods.openpay.label') })}
      >
        {store.binRefused ? (
          <Box sx={{ mt: 2 }}>
            <Alert severity="error">{tAll('errors:walletCard.binNotAllowed')}</Alert>
          </Box>
        ) : null}
        <SubmitRow label={t('methods.openpay.submit')} busy={busy} disabled={payment.submitting !== null || !store.frameReady} />
        <Box sx={{ mt: 1 }}>
          <TermsLine />
        </Box>
      </SchemaForm>
    </Box>
  );
});
