import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { observer } from 'mobx-react-lite';
import { useStores } from '../../StoreContext';
import { usePaymentsTranslation } from '../usePaymentsTranslation';
import { SubmitRow } from './SubmitRow';

/** The online wallet panel: no form, a button that opens the provider's approval page. */
export const PaypalPanel = observer(function PaypalPanel({ onPay }: { onPay(): void }) {
  const { t } = usePaymentsTranslation();
  const { payment } = useStores();
  return (
    <Box>
      <Typography color="text.secondary">{t('methods.paypal.description')}</Typography>
      <SubmitRow label={t('methods.paypal.submit')} busy={payment.submitting === 'paypal'} disabled={payment.submitting !== null} onClick={onPay} />
    </Box>
  );
});
