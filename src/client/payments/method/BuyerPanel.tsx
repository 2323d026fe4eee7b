import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { SchemaForm } from '../../../../renderers/SchemaForm/SchemaForm';
import type { BuyerForm } from '../../api/paymentTypes';
import type { StaticForm } from '../../forms/staticForms';
import { useStores } from '../../StoreContext';
import { PanelLoadFailed, PanelLoading } from './PanelLoadState';
import { usePaymentsTranslation } from '../usePaymentsTranslation';
import type { BuyerForms } from './BuyerForms';
import type { StartOutcome } from './PaymentActions';
import { SubmitRow } from './SubmitRow';

export type BuyerMethod = 'free' | 'cash' | 'bankTransfer';

interface BuyerPanelProps {
  method: BuyerMethod;
  forms: BuyerForms;
  onPay(buyer: BuyerForm): Promise<StartOutcome>;
}

/**
 * The free-entry, cash-voucher and bank-transfer panels: the buyer form of
 * schemas/forms/buyer (name, email, emailConfirm, phone) and the pay button. The server's
 * refusals land on their fields; the first problem gets the focus.
 */
export const BuyerPanel = observer(function BuyerPanel({ method, forms, onPay }: BuyerPanelProps) {
  const { t } = usePaymentsTranslation();
  const { payment } = useStores();
  const [form, setForm] = useState<StaticForm<BuyerForm> | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const containerRef = useRef<HTMLDivElement>(null);
  const busy = payment.submitting === method;
  const label = t(`methods.${method}.label`);

  useEffect(() => {
    let live = true;
    setLoadFailed(false);
    forms.get(method).then(
      (loaded) => live && setForm(loaded),
      (error: unknown) => {
        console.error('Could not load the buyer form', error);
        if (live) setLoadFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [forms, method, attempt]);

  const focusFirstProblem = () =>
    requestAnimationFrame(() => containerRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const pay = async (buyer: BuyerForm) => {
    const outcome = await onPay(buyer);
    if (outcome.kind === 'invalid' && form) {
      form.state.setServerProblems(outcome.problems);
      focusFirstProblem();
    }
  };

  return (
    <Box ref={containerRef}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t(`methods.${method}.description`)}
      </Typography>
      {form ? (
        <SchemaForm<BuyerForm>
          schema={form.schema}
          uiSchema={form.uiSchema}
          validator={form.validator}
          state={form.state}
          disabled={busy}
          onSubmit={(buyer) => void pay(buyer)}
          onInvalid={focusFirstProblem}
          aria-label={t('form.label', { method: label })}
        >
          <SubmitRow label={t(`methods.${method}.submit`)} busy={busy} disabled={payment.submitting !== null} />
        </SchemaForm>
      ) : loadFailed ? (
        <PanelLoadFailed onRetry={() => setAttempt((n) => n + 1)} />
      ) : (
        <PanelLoading />
      )}
    </Box>
  );
});
