import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { InvoiceStatusResponse } from '../../shared/api';
import { ApiError } from '../api/ApiError';
import { Panel } from '../components/Panel';
import { createOrderApi } from '../order/orderApi';
import { deadlineText } from '../order/orderFormat';
import { saveBlob } from '../payments/status/saveBlob';
import { InvoiceForm, useInvoiceForm } from './InvoiceForm';
import { initialInvoiceAnswers, invoiceRequestOf, invoiceServerProblems, type InvoiceAnswers } from './invoiceForm';
import { useInvoiceTranslation } from './invoiceNamespace';

/** The states that show the panel (an order with nothing to invoice shows none). */
const SHOWN = new Set<InvoiceStatusResponse['estado']>(['disponible', 'en_proceso', 'emitida', 'cancelada', 'en_factura_global', 'plazo_vencido']);

/** The request form, prefilled with the saved fiscal data and the order's e-mail; the server's field refusals land on their fields. */
const RequestForm = observer(function RequestForm({ status, email, send, onClose }: {
  status: InvoiceStatusResponse; email: string | undefined; send: (answers: InvoiceAnswers) => Promise<void>; onClose: () => void;
}) {
  const { t } = useInvoiceTranslation();
  const form = useInvoiceForm(initialInvoiceAnswers(status.datos_guardados, email));
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (answers: InvoiceAnswers) => {
    setSending(true);
    setFailure(null);
    try {
      await send(answers);
    } catch (error) {
      if (error instanceof ApiError && error.validationErrors.length > 0) {
        form?.state.setServerProblems(invoiceServerProblems(error.validationErrors));
        setFailure(t('fixFields'));
      } else setFailure(error instanceof ApiError && error.mensaje ? error.mensaje : t('failed'));
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      {status.datos_guardados ? <Typography variant="body2" sx={{ mb: 2 }}>{t('savedData')}</Typography> : null}
      <InvoiceForm form={form} disabled={sending} onSubmit={(answers) => void submit(answers)} label={t('formLabel')}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
          <Button type="submit" variant="contained" disabled={sending || !form} aria-busy={sending || undefined}>
            {sending ? t('sending') : t('submit')}
          </Button>
          <Button onClick={onClose} disabled={sending}>{t('close')}</Button>
        </Box>
      </InvoiceForm>
      <Box role="alert" sx={{ mt: failure ? 2 : 0 }}>{failure ? <Alert severity="error">{failure}</Alert> : null}</Box>
    </>
  );
});

/**
 * "¿Necesitas factura?" on the thank-you page and the order page (docs/invoicing.md): where the order's
 * invoice stands (`GET /api/orders/{id}/invoice`, with the buyer's key) — may be requested until a date
 * (the form behind "Quiero factura"), being issued, issued (PDF and XML downloads), cancelled, or the
 * window closed and the sale in the month's global invoice. Nothing when the order cannot be invoiced.
 */
export default function InvoicePanel({ purchaseId, purchaseKey, email }: { purchaseId: string; purchaseKey: string; email?: string }) {
  const { t, i18n } = useInvoiceTranslation();
  const api = useMemo(() => createOrderApi(() => i18n.language), [i18n]);
  const titleId = useId();
  const [status, setStatus] = useState<InvoiceStatusResponse | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState('');

  const load = useCallback(async () => {
    try {
      setStatus(await api.invoice(purchaseId, purchaseKey));
      setLoadFailed(false);
    } catch (error) {
      console.error('Could not read the invoice state', error);
      setLoadFailed(true);
    }
  }, [api, purchaseId, purchaseKey]);

  useEffect(() => {
    void load();
  }, [load]);

  const send = async (answers: InvoiceAnswers) => {
    const next = await api.requestInvoice(purchaseId, purchaseKey, invoiceRequestOf(answers));
    setStatus(next);
    setOpen(false);
    if (next.estado === 'emitida') setNotice(t('issuedNotice'));
  };

  const download = async (format: 'pdf' | 'xml', uuid: string) => {
    try {
      saveBlob(await api.invoiceFile(purchaseId, purchaseKey, format), `factura_${uuid}.${format}`);
    } catch (error) {
      console.error('Could not download the invoice', error);
      setNotice(t('downloadFailed'));
    }
  };

  if (!loadFailed && (!status || !SHOWN.has(status.estado))) return null;
  const date = status?.solicitar_hasta ? deadlineText(status.solicitar_hasta, i18n.language) : '';

  return (
    <Panel labelledBy={titleId}>
      <Typography id={titleId} variant="h2" component="h2" sx={{ fontSize: '1.4rem', mb: 1 }}>
        {t('heading')}
      </Typography>
      {loadFailed || !status ? <Typography>{t('loadFailed')}</Typography> : null}
      {status?.estado === 'disponible' ? (
        <>
          <Typography sx={{ mb: 2 }}>{t('available', { date })}</Typography>
          {open ? (
            <RequestForm status={status} email={email} send={send} onClose={() => setOpen(false)} />
          ) : (
            <Button variant="outlined" onClick={() => setOpen(true)} aria-expanded={false}>
              {t('open')}
            </Button>
          )}
        </>
      ) : null}
      {status?.estado === 'en_proceso' ? (
        <>
          <Typography sx={{ mb: 2 }}>{t('issuing')}</Typography>
          <Button variant="outlined" onClick={() => void load()}>{t('refresh')}</Button>
        </>
      ) : null}
      {status?.estado === 'emitida' && status.factura ? (
        <>
          <Typography sx={{ mb: 2 }}>{t('issued', { uuid: status.factura.uuid })}</Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={() => void download('pdf', status.factura!.uuid)} aria-label={t('pdfLabel')}>{t('pdf')}</Button>
            <Button variant="outlined" onClick={() => void download('xml', status.factura!.uuid)} aria-label={t('xmlLabel')}>{t('xml')}</Button>
          </Box>
        </>
      ) : null}
      {status?.estado === 'cancelada' && status.factura ? <Typography>{t('cancelled', { uuid: status.factura.uuid })}</Typography> : null}
      {status?.estado === 'en_factura_global' ? <Typography>{t('inGlobal')}</Typography> : null}
      {status?.estado === 'plazo_vencido' ? <Typography>{t('closed', { date })}</Typography> : null}
      <Typography role="status" aria-live="polite" sx={{ mt: notice ? 1 : 0 }}>{notice}</Typography>
    </Panel>
  );
}
