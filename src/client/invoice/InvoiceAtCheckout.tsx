import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { observer } from 'mobx-react-lite';
import { useMemo, useState } from 'react';
import { ApiError } from '../api/ApiError';
import { createOrderApi } from '../order/orderApi';
import { InvoiceForm, useInvoiceForm } from './InvoiceForm';
import { invoiceRequestOf, invoiceServerProblems, type InvoiceAnswers } from './invoiceForm';
import { useInvoiceTranslation } from './invoiceNamespace';

/** The form, once "Quiero factura" is ticked: saved with the held purchase, its refusals on their fields. */
const CheckoutInvoiceForm = observer(function CheckoutInvoiceForm({ save, email }: { save: (answers: InvoiceAnswers) => Promise<void>; email: string | undefined }) {
  const { t } = useInvoiceTranslation();
  const form = useInvoiceForm(email ? { email } : {}, 'checkoutInvoice');
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = async (answers: InvoiceAnswers) => {
    setSending(true);
    setMessage(null);
    try {
      await save(answers);
      setMessage({ ok: true, text: t('atCheckoutSaved') });
    } catch (error) {
      if (error instanceof ApiError && error.validationErrors.length > 0) {
        form?.state.setServerProblems(invoiceServerProblems(error.validationErrors));
        setMessage({ ok: false, text: t('fixFields') });
      } else setMessage({ ok: false, text: error instanceof ApiError && error.mensaje ? error.mensaje : t('failed') });
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <InvoiceForm form={form} disabled={sending} onSubmit={(answers) => void submit(answers)} label={t('formLabel')}>
        <Button type="submit" variant="outlined" sx={{ mt: 2 }} disabled={sending || !form}>{t('atCheckoutSave')}</Button>
      </InvoiceForm>
      <Box role="status" aria-live="polite" sx={{ mt: message ? 2 : 0 }}>
        {message ? <Alert severity={message.ok ? 'success' : 'error'}>{message.text}</Alert> : null}
      </Box>
    </>
  );
});

/**
 * "Quiero factura" on the payment step (the event's `invoicing.ask_at_checkout`): collapsed behind a
 * checkbox; the buyer's fiscal data are checked and kept with the held purchase
 * (`PUT /api/payments/invoice-request`), and the server requests the invoice once the payment is
 * confirmed, whichever method pays. Unticking withdraws them. The thank-you page shows the outcome.
 */
export default function InvoiceAtCheckout({ purchaseId, purchaseKey, email }: { purchaseId: string; purchaseKey: string; email?: string }) {
  const { t, i18n } = useInvoiceTranslation();
  const api = useMemo(() => createOrderApi(() => i18n.language), [i18n]);
  const [wanted, setWanted] = useState(false);

  const toggle = (checked: boolean) => {
    setWanted(checked);
    // Unticked: whatever was kept goes (a refusal means nothing was kept, or the purchase moved on).
    if (!checked) void api.invoiceAtCheckout(purchaseId, purchaseKey, null).catch(() => undefined);
  };

  return (
    <Box sx={{ mt: 3 }}>
      <FormControlLabel control={<Checkbox checked={wanted} onChange={(_event, checked) => toggle(checked)} slotProps={{ input: { 'aria-expanded': wanted } as object }} />} label={t('atCheckout')} />
      {wanted ? (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2" sx={{ mb: 2 }}>{t('atCheckoutHelp')}</Typography>
          <CheckoutInvoiceForm email={email} save={async (answers) => void (await api.invoiceAtCheckout(purchaseId, purchaseKey, invoiceRequestOf(answers)))} />
        </Box>
      ) : null}
    </Box>
  );
}
