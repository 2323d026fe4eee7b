import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { usePaymentsTranslation } from '../usePaymentsTranslation';

interface SubmitRowProps {
  label: string;
  busy: boolean;
  disabled?: boolean;
  /** Without it the button submits its form. */
  onClick?: () => void;
}

/**
 * A panel's pay button and, while its request runs, a spinner with a busy label
 * (every payment form has this submitting state). The button keeps its name; it is only disabled.
 */
export function SubmitRow({ label, busy, disabled, onClick }: SubmitRowProps) {
  const { t } = usePaymentsTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mt: 2 }}>
      <Button
        type={onClick ? 'button' : 'submit'}
        variant="contained"
        size="large"
        onClick={onClick}
        disabled={busy || disabled}
        aria-busy={busy || undefined}
        sx={{ minWidth: 200 }}
      >
        {label}
      </Button>
      <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {busy ? (
          <>
            <CircularProgress size={20} aria-hidden />
            <Typography component="span">{t('form.busy')}</Typography>
          </>
        ) : null}
      </Box>
    </Box>
  );
}
