import Button from '@mui/material/Button';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithRetry } from '../lib/lazyWithRetry';

// The dialog is its own chunk: the ticket page loads it only when a buyer asks.
const WaitingListDialog = lazyWithRetry(() => import('./WaitingListDialog'));

/** "Avísame" beside a sold-out ticket type with a waiting list: opens the dialog that takes the buyer's name for the line. */
export function WaitingListButton({ ticketId, name, minimum, maximum }: { ticketId: number; name: string; minimum: number; maximum: number }) {
  const { t } = useTranslation('checkout');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" size="small" onClick={() => setOpen(true)} aria-label={t('tickets.notifyMeOf', { name })} aria-haspopup="dialog" sx={{ mt: 1 }}>
        {t('tickets.notifyMe')}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <WaitingListDialog ticketId={ticketId} name={name} minimum={minimum} maximum={maximum} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
