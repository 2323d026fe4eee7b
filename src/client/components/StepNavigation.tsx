import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { checkoutFlow, previousStep, stepPath, type StepId } from '../flow/checkoutFlow';
import { useStores } from '../StoreContext';

interface StepNavigationProps {
  step: StepId;
  /** Omit to show no Continue button (e.g. steps whose form submits itself). */
  onContinue?: () => void;
  continueDisabled?: boolean;
  pending?: boolean;
  pendingLabel?: string;
}

/**
 * Back and Continue, from the flow list. Going back to the ticket page gives up the
 * hold, so that Back asks first (exit-confirmation modal).
 */
export const StepNavigation = observer(function StepNavigation({ step, onContinue, continueDisabled, pending, pendingLabel }: StepNavigationProps) {
  const { t } = useTranslation('checkout');
  const { checkout, event, ui } = useStores();
  const navigate = useNavigate();
  const previous = previousStep(checkoutFlow, step, checkout.flowContext);
  const url = event.url ?? '';

  const goBack = () => {
    if (!previous) return;
    if (previous.id === 'tickets' && checkout.purchaseId) ui.openExitModal();
    else navigate(stepPath(url, previous));
  };

  return (
    <Box sx={{ display: 'flex', gap: 2, justifyContent: previous ? 'space-between' : 'flex-end', flexWrap: 'wrap', mt: 2 }}>
      {previous ? (
        <Button variant="outlined" size="large" onClick={goBack}>
          {t(previous.backLabelKey)}
        </Button>
      ) : null}
      {onContinue ? (
        <Button
          variant="contained"
          size="large"
          onClick={onContinue}
          disabled={continueDisabled || pending}
          aria-busy={pending || undefined}
          startIcon={pending ? <CircularProgress size={18} color="inherit" aria-label={pendingLabel} /> : undefined}
          sx={{ minWidth: 160 }}
        >
          {t('actions.continue')}
        </Button>
      ) : null}
    </Box>
  );
});
