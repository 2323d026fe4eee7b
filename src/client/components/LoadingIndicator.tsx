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
