import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

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
 * A step's page while it loads (its chunk, or the held purchase after a refresh). On the phone's
 * single column it fills the screen, so the summary below moves only where nobody sees it: no
 * layout shift when the page arrives.
 */
export function PageLoading() {
  return (
    <Box sx={{ minHeight: { xs: '100vh', md: 0 } }}>
      <LoadingIndicator labelKey="common:loading.page" />
    </Box>
  );
}
