import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { useCurrentStep } from '../hooks/useCurrentStep';
import { PendingStepHeading } from './PendingStepHeading';

/** A centred spinner with a translated accessible label. */
export function LoadingIndicator({ labelKey = 'common:loading.event' }: { labelKey?: string }) {
  const { t } = useTranslation();
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '40vh' }}>
      <CircularProgress aria-label={t(labelKey)} />
    </Box>
  );
}

/**
 * A step's page while it loads (its chunk, or the held purchase after a refresh): the attendee
 * form's and the payment step's opening panel (their heading), then a spinner. On the phone's
 * single column it fills the screen, so the summary below moves only where nobody sees it: no
 * layout shift when the page arrives.
 */
export function PageLoading() {
  const step = useCurrentStep()?.id;
  return (
    <Box sx={{ minHeight: { xs: '100vh', md: 0 } }}>
      <PendingStepHeading step={step} />
      <LoadingIndicator labelKey="common:loading.page" />
    </Box>
  );
}
