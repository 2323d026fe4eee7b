import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState } from 'react';
import { isHandledGlobally } from '../../api/ApiError';
import { useStores } from '../../StoreContext';
import { usePaymentsTranslation } from '../usePaymentsTranslation';
import { ticketsFileName } from './finishHtml';
import { saveBlob } from './saveBlob';

/** The purchase's tickets as one PDF, saved as compra_{purchase_id}.pdf; a failure toasts for 1500 ms. */
export function TicketDownloadButton({ emissionId, purchaseId }: { emissionId: string; purchaseId: string }) {
  const { t } = usePaymentsTranslation();
  const { api, ui } = useStores();
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const pdf = await ui.track(api.downloadTickets(emissionId, purchaseId));
      saveBlob(pdf, ticketsFileName(purchaseId));
    } catch (error) {
      if (!isHandledGlobally(error)) ui.notify({ variant: 'error', messageKey: 'payments:errors.downloadFailed', durationMs: 1500 });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant="contained"
      size="large"
      onClick={() => void download()}
      disabled={busy}
      aria-busy={busy || undefined}
      startIcon={busy ? <CircularProgress size={18} color="inherit" aria-label={t('status.downloading')} /> : undefined}
    >
      {t('status.download')}
    </Button>
  );
}
