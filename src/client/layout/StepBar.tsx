import Box from '@mui/material/Box';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '../components/VisuallyHidden';
import { barSteps, checkoutFlow } from '../flow/checkoutFlow';
import { useCurrentStep } from '../hooks/useCurrentStep';
import { useStores } from '../StoreContext';

/** The step bar, from the flow list: tickets, products (if any), information (if required or the buyer is on it), payment. */
export const StepBar = observer(function StepBar() {
  const { t } = useTranslation('checkout');
  const { checkout } = useStores();
  const current = useCurrentStep()?.id;
  if (!current) return null;
  const steps = barSteps(checkoutFlow, checkout.flowContext, current);
  const currentIndex = steps.findIndex((step) => step.id === current);

  return (
    <Box component="nav" aria-label={t('steps.label')} sx={{ mb: 2 }}>
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', gap: { xs: 0.5, sm: 1 }, flexWrap: 'wrap' }}>
        {steps.map((step, index) => {
          const state = index < currentIndex ? 'done' : index === currentIndex ? 'current' : 'todo';
          return (
            <Box
              component="li"
              key={step.id}
              aria-current={state === 'current' ? 'step' : undefined}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 0.75,
                px: 1.25,
                py: 0.5,
                borderRadius: 5,
                fontSize: { xs: '0.8rem', sm: '0.9rem' },
                fontWeight: state === 'current' ? 700 : 500,
                bgcolor: state === 'current' ? 'primary.main' : 'background.paper',
                color: state === 'current' ? 'primary.contrastText' : state === 'done' ? 'text.primary' : 'text.secondary',
                border: 1,
                borderColor: state === 'current' ? 'primary.main' : 'divider',
              }}
            >
              <Box component="span" aria-hidden sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {index + 1}.
              </Box>
              {t(step.labelKey)}
              {state === 'done' ? <VisuallyHidden>{` (${t('steps.done')})`}</VisuallyHidden> : null}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
});
