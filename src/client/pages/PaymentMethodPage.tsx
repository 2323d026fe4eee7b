import Typography from '@mui/material/Typography';
import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../components/Panel';
import { StepGuard } from '../components/StepGuard';
import { StepNavigation } from '../components/StepNavigation';
import { useStores } from '../StoreContext';

const PaymentStep = observer(function PaymentStep() {
  const { t } = useTranslation('checkout');
  const { checkout } = useStores();
  const titleId = useId();
  return (
    <Panel labelledBy={titleId}>
      <Typography id={titleId} variant="h1" component="h1" sx={{ mb: 1 }}>
        {checkout.payableTotalCents === 0 ? t('payment.freeTitle') : t('payment.title')}
      </Typography>
      <Typography color="text.secondary">{t('payment.pending')}</Typography>
      <StepNavigation step="payment" />
    </Panel>
  );
});

/** `/{url}/payment-method`: guarded placeholder; the payment panels arrive with their own issue. */
export default function PaymentMethodPage() {
  return (
    <StepGuard step="payment">
      <PaymentStep />
    </StepGuard>
  );
}
