import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { isHandledGlobally } from '../../api/ApiError';
import type { WalletEmission } from '../../api/paymentTypes';
import { useStores } from '../../StoreContext';
import { usePaymentsTranslation } from '../usePaymentsTranslation';

interface WalletDialogProps {
  emissionId: string;
  purchaseId: string;
  onClose(): void;
}

type ListState = { kind: 'loading' } | { kind: 'ready'; emisiones: WalletEmission[] } | { kind: 'error' };

/**
 * 'Select the Wallet to generate': the purchase's tickets (name, folio), each with a
 * Download button that opens its pass URL in a new tab; 'No emissions available' when the
 * list is empty; an error message (docs/product-rules.md, *Buyer-facing errors*) when the list or a pass cannot be had.
 */
export default function WalletDialog({ emissionId, purchaseId, onClose }: WalletDialogProps) {
  const { t } = usePaymentsTranslation();
  const { api, ui } = useStores();
  const titleId = useId();
  const [list, setList] = useState<ListState>({ kind: 'loading' });
  const [opening, setOpening] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    ui.track(api.getWalletEmissions(emissionId, purchaseId)).then(
      (response) => live && setList({ kind: 'ready', emisiones: Array.isArray(response?.emisiones) ? response.emisiones : [] }),
      (error: unknown) => {
        console.error('Could not list the emissions', error);
        if (live) setList({ kind: 'error' });
      },
    );
    return () => {
      live = false;
    };
  }, [api, ui, emissionId, purchaseId]);

  const openPass = async (emission: WalletEmission) => {
    setOpening(emission.id);
    // Opened now, while the click still counts as the buyer's: a tab opened after the request would be blocked.
    const tab = window.open('', '_blank');
    try {
      const { url } = await ui.track(api.getWalletUrl({ emission_id: emission.id, purchase_id: purchaseId }));
      if (!url) {
        tab?.close();
        ui.notify({ variant: 'error', messageKey: 'payments:errors.walletUrlMissing' });
        return;
      }
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.open(url, '_blank', 'noopener');
      }
    } catch (error) {
      tab?.close();
      if (!isHandledGlobally(error)) ui.notify({ variant: 'error', messageKey: 'payments:errors.walletFailed' });
    } finally {
      setOpening(null);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('wallet.title')}</DialogTitle>
      <DialogContent>
        {list.kind === 'loading' ? (
          <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
            <CircularProgress aria-label={t('wallet.loading')} />
          </Box>
        ) : list.kind === 'error' ? (
          <Alert severity="error">{t('errors.emissionsFailed')}</Alert>
        ) : list.emisiones.length === 0 ? (
          <Typography>{t('wallet.empty')}</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {list.emisiones.map((emission) => (
              <Box
                component="li"
                key={emission.id}
                sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
              >
                <Typography>{t('wallet.ticket', { name: emission.name, serial: emission.serial })}</Typography>
                <Button
                  variant="outlined"
                  onClick={() => void openPass(emission)}
                  disabled={opening !== null}
                  aria-label={t('wallet.downloadOf', { name: emission.name, serial: emission.serial })}
                  startIcon={opening === emission.id ? <CircularProgress size={16} color="inherit" aria-label={t('wallet.opening')} /> : undefined}
                >
                  {t('wallet.download')}
                </Button>
              </Box>
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('wallet.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
