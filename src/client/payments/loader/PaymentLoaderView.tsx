import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Panel } from '../../components/Panel';
import { RouterLink } from '../../components/RouterLink';
import { useStores } from '../../StoreContext';
import { useCountdown } from '../useCountdown';
import { usePaymentsTranslation } from '../usePaymentsTranslation';
import type { LoaderDefinition } from './loaderDefinitions';
import { DECLINED_REDIRECT_SECONDS, SUCCESS_REDIRECT_SECONDS } from './loaderOutcome';
import { PaymentLoaderStore } from './PaymentLoaderStore';

/** The declined card reasons the buyer can act on; any other reason gets the general sentence. */
const DECLINE_REASONS = ['call_for_authorize', 'insufficient_amount', 'bad_filled_security_code', 'bad_filled_date', 'bad_filled_other'] as const;

function declinedText(t: ReturnType<typeof usePaymentsTranslation>['t'], reason: string | null): string {
  const known = DECLINE_REASONS.find((candidate) => candidate === reason);
  return known ? t(`loader.declinedReasons.${known}`) : t('loader.declinedText');
}

interface LoaderViewProps {
  definition: LoaderDefinition;
  queryValue: string;
  url: string;
}

/**
 * A loader page (docs/product-rules.md, *Loader pages*): 'Processing your payment' while the
 * result is fetched (once); approved or pending → a 3-second countdown, then the
 * thank-you page (replacing the loader in the history) with a manual link too; declined
 * → why, a link back to the payment methods and a countdown back there; a failed call →
 * an error view with that link.
 */
export const PaymentLoaderView = observer(function PaymentLoaderView({ definition, queryValue, url }: LoaderViewProps) {
  const { t } = usePaymentsTranslation();
  const root = useStores();
  const navigate = useNavigate();
  const titleId = useId();
  const [store] = useState(() => new PaymentLoaderStore(root, definition, queryValue, url));
  const view = store.view;
  const statusPath = `/${url}/payment-status`;
  const methodsPath = `/${url}/payment-method`;

  useEffect(() => {
    void store.run();
  }, [store]);

  const succeeded = view === 'approved' || view === 'pending';
  const toStatusIn = useCountdown(SUCCESS_REDIRECT_SECONDS, succeeded, () => navigate(statusPath, { replace: true }));
  const backIn = useCountdown(DECLINED_REDIRECT_SECONDS, view === 'declined', () => navigate(methodsPath, { replace: true }));

  if (view === 'loading' || succeeded) {
    return (
      <Panel labelledBy={titleId}>
        <Typography id={titleId} variant="h1" component="h1" sx={{ mb: 2 }}>
          {t('loader.title')}
        </Typography>
        {view === 'loading' ? (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <CircularProgress size={28} aria-hidden />
            <Typography>{t('loader.checking')}</Typography>
          </Box>
        ) : (
          <>
            <Alert severity={view === 'approved' ? 'success' : 'info'} sx={{ mb: 2 }}>
              {view === 'approved' ? t('loader.approved') : t('loader.pending')}
            </Alert>
            <Typography role="timer" aria-live="off" sx={{ mb: 1 }}>
              {t('loader.redirecting', { count: toStatusIn })}
            </Typography>
            <Link component={RouterLink} to={statusPath} replace>
              {t('loader.toStatus')}
            </Link>
          </>
        )}
      </Panel>
    );
  }

  if (view === 'declined') {
    return (
      <Panel labelledBy={titleId}>
        <Typography id={titleId} variant="h1" component="h1" sx={{ mb: 2 }}>
          {t('loader.declinedTitle')}
        </Typography>
        <Alert severity="error" sx={{ mb: 2 }}>
          {declinedText(t, store.declineReason)}
        </Alert>
        <Typography role="timer" aria-live="off" sx={{ mb: 1 }}>
          {t('loader.backRedirecting', { count: backIn })}
        </Typography>
        <Link component={RouterLink} to={methodsPath} replace>
          {t('loader.toMethods')}
        </Link>
      </Panel>
    );
  }

  const botCheck = view === 'botCheckError';
  return (
    <Panel labelledBy={titleId}>
      <Typography id={titleId} variant="h1" component="h1" sx={{ mb: 2 }}>
        {botCheck ? t('loader.botCheckTitle') : definition.segment === 'free' ? t('loader.freeErrorTitle') : t('loader.errorTitle')}
      </Typography>
      {botCheck ? (
        <Button variant="contained" onClick={() => void store.retry()} sx={{ mb: 2 }}>
          {t('loader.retry')}
        </Button>
      ) : (
        <Typography sx={{ mb: 2 }}>{t('loader.errorText')}</Typography>
      )}
      <Box>
        <Link component={RouterLink} to={methodsPath}>
          {t('loader.toMethods')}
        </Link>
      </Box>
    </Panel>
  );
});
