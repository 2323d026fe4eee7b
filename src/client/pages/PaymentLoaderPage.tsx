import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../components/Panel';

/** `/{url}/<provider>/loader`: placeholder for the payment-result loaders (a later issue). */
export default function PaymentLoaderPage() {
  const { t } = useTranslation('checkout');
  const titleId = useId();
  return (
    <Panel labelledBy={titleId}>
      <Typography id={titleId} variant="h1" component="h1">
        {t('loader.title')}
      </Typography>
    </Panel>
  );
}
