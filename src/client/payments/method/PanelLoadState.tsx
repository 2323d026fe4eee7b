import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { usePaymentsTranslation } from '../usePaymentsTranslation';

/** A panel's form or provider script is on its way: a spinner announced as loading. */
export function PanelLoading({ label }: { label?: string }) {
  const { t } = usePaymentsTranslation();
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
      <CircularProgress aria-label={label ?? t('form.loading')} />
    </Box>
  );
}

/** A panel's form or provider script could not load: say so, with a retry when one can help. */
export function PanelLoadFailed({ onRetry }: { onRetry?: () => void }) {
  const { t } = usePaymentsTranslation();
  return (
    <Alert severity="error" action={onRetry ? <Button onClick={onRetry}>{t('form.retry')}</Button> : undefined}>
      {t('form.loadFailed')}
    </Alert>
  );
}
