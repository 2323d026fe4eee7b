import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { observer } from 'mobx-react-lite';
import { Suspense, useEffect, useId, useState } from 'react';
import { Navigate } from 'react-router';
import { eventCalendarUrl } from '../../../shared/api';
import { planSentence } from '../../../shared/installments-words';
import { pesosToCents } from '../../../shared/money';
import { thankYouFragment } from '../../../shared/purchase-access';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { Panel } from '../../components/Panel';
import { SafeHtml } from '../../components/SafeHtml';
import { lazyWithRetry } from '../../lib/lazyWithRetry';
import { purchaseKeyFor } from '../../stores/purchaseKeys';
import { useStores } from '../../StoreContext';
import { adoptThankYouLink, readPaymentResult } from '../paymentResult';
import { usePaymentsTranslation } from '../usePaymentsTranslation';
import { fillFinishHtml } from './finishHtml';
import { TicketDownloadButton } from './TicketDownloadButton';

// The dialog (list, focus trap) loads when the buyer asks for wallet passes.
const WalletDialog = lazyWithRetry(() => import('./WalletDialog'));
// "¿Necesitas factura?" and its form engine: their own chunk, after the page.
const InvoicePanel = lazyWithRetry(() => import('../../invoice/InvoicePanel'));

/** Purchase statuses the thank-you page may show after a refresh. */
const SHOWN_STATUSES = new Set(['paid', 'pending']);

/**
 * After a refresh the order state is gone: bring back the purchase this tab's loader
 * saw (its status and reload come from the server, so a voucher paid meanwhile shows
 * its tickets). 'done' when there is nothing (more) to restore.
 */
function useRestoredPurchase(): 'restoring' | 'done' {
  const { api, checkout, event, sessionStorage, ui } = useStores();
  const url = event.url ?? '';
  const [state, setState] = useState<'restoring' | 'done'>(() => {
    // Opened from the e-mail's link: that purchase is the one to show, whatever this tab held.
    const fromLink = adoptThankYouLink(sessionStorage, url);
    return (fromLink || checkout.purchaseId === null) && readPaymentResult(sessionStorage, url) ? 'restoring' : 'done';
  });

  useEffect(() => {
    if (state !== 'restoring') return;
    const saved = readPaymentResult(sessionStorage, url);
    if (!saved) {
      setState('done');
      return;
    }
    let live = true;
    ui.track(api.getPurchase(saved.purchase_id))
      .then((response) => {
        if (live && SHOWN_STATUSES.has(response.status) && response.reload) checkout.reload(response.reload, true);
      })
      .catch((error: unknown) => console.error('Could not restore the purchase', error))
      .finally(() => live && setState('done'));
    return () => {
      live = false;
    };
  }, [state, api, checkout, sessionStorage, ui, url]);

  return state;
}

/**
 * `/{url}/payment-status`, the thank-you page: with an emission, 'Payment successful',
 * the PDF and (config.download_wallets) the wallet passes, then "¿Necesitas factura?" (`invoice/InvoicePanel`);
 * without, the pending message.
 * The purchase id is shown as the reference for support (it opens nothing by itself).
 * Then the event's FINISH blocks with the purchase id filled in. No purchase → /{url}.
 */
export const ThankYouView = observer(function ThankYouView() {
  const { t } = usePaymentsTranslation();
  const { checkout, event, sessionStorage, ui } = useStores();
  const restored = useRestoredPurchase();
  const titleId = useId();
  const [walletOpen, setWalletOpen] = useState(false);

  if (restored === 'restoring') return <LoadingIndicator labelKey="payments:status.loading" />;
  const purchaseId = checkout.purchaseId;
  if (!purchaseId) return <Navigate to={`/${event.url ?? ''}`} replace />;
  const emissionId = checkout.emissionId;
  const email = checkout.buyerInfo?.email;
  const wallets = event.event?.config?.download_wallets === true;
  // Only an event with a date can go in a calendar; the file is the event's own, public like its page.
  const calendar = event.event?.starts_at && event.url ? eventCalendarUrl(event.url) : null;
  // The order page opens with this tab's key, in the fragment (never sent to a server).
  const key = emissionId ? purchaseKeyFor(sessionStorage, purchaseId) : null;
  const orderPage = key ? `/${event.url ?? ''}/order#${thankYouFragment(purchaseId, key)}` : null;
  // A card plan (meses sin intereses) is stated in the same words as the e-mail and the order page.
  const paidPlan = emissionId ? checkout.paidPlan : null;
  const plan = paidPlan
    ? planSentence(ui.language === 'en' ? 'en' : 'es', {
        months: paidPlan.meses,
        totalCents: pesosToCents(paidPlan.total),
        amountCents: paidPlan.sin_intereses ? pesosToCents(paidPlan.total) : 0,
        currency: event.currency,
      })
    : null;

  return (
    <>
      <Panel labelledBy={titleId}>
        <Typography id={titleId} variant="h1" component="h1" sx={{ mb: 1 }}>
          {emissionId ? t('status.successTitle') : t('status.pendingTitle')}
        </Typography>
        <Typography sx={{ mb: 2 }}>
          {emissionId
            ? email
              ? t('status.successText', { email })
              : t('status.successTextNoEmail')
            : email
              ? t('status.pendingTextEmail', { email })
              : t('status.pendingText')}
        </Typography>
        {plan ? (
          <Typography sx={{ mb: 2 }} data-testid="paid-plan">
            {t('status.plan', { plan })}
          </Typography>
        ) : null}
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('status.reference', { id: purchaseId })}
        </Typography>
        {emissionId ? (
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <TicketDownloadButton emissionId={emissionId} purchaseId={purchaseId} />
            {wallets ? (
              <Button variant="outlined" size="large" onClick={() => setWalletOpen(true)} aria-haspopup="dialog">
                {t('status.wallet')}
              </Button>
            ) : null}
            {calendar ? (
              <Button variant="outlined" size="large" href={calendar} download>
                {t('status.calendar')}
              </Button>
            ) : null}
            {orderPage ? (
              <Button variant="outlined" size="large" href={orderPage}>
                {t('status.orderPage')}
              </Button>
            ) : null}
          </Box>
        ) : null}
      </Panel>
      {key ? (
        <Suspense fallback={null}>
          <InvoicePanel purchaseId={purchaseId} purchaseKey={key} email={email} />
        </Suspense>
      ) : null}
      {event.htmlAt('FINISH').map((block, index) => (
        <Panel key={index}>
          <SafeHtml html={fillFinishHtml(block.html, purchaseId)} />
        </Panel>
      ))}
      {walletOpen && emissionId ? (
        <Suspense fallback={null}>
          <WalletDialog emissionId={emissionId} purchaseId={purchaseId} onClose={() => setWalletOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
});
