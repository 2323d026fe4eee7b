import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../components/Panel';

/** `/{url}/payment-status`: placeholder for the thank-you page (a later issue). */
export default function PaymentStatusPage() {
  const { t } = useTranslation('checkout');
  const titleId = useId();
  return (
    <Panel labelledBy={titleId}>
      <Typography id={titleId} variant="h1" component="h1">
        {t('paymentStatus.title')}
      </Typography>
    </Panel>
  );
}
