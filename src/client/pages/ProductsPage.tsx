import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { observer } from 'mobx-react-lite';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../components/Panel';
import { ProductCard } from '../components/products/ProductCard';
import { StepGuard } from '../components/StepGuard';
import { StepNavigation } from '../components/StepNavigation';
import { useAdvance } from '../flow/useAdvance';
import { useStores } from '../StoreContext';

const ProductsStep = observer(function ProductsStep() {
  const { t } = useTranslation('checkout');
  const { checkout, event, actions } = useStores();
  const advance = useAdvance('products');
  const titleId = useId();
  const listId = useId();
  const [advancing, setAdvancing] = useState(false);

  const onContinue = async () => {
    setAdvancing(true);
    // The server's isFormRequiered (now in the store) decides form vs payment-method.
    const result = await advance(() => actions.submitProducts(), (outcome) => outcome === 'ok');
    if (result !== 'ok') setAdvancing(false);
    if (result === 'invalid') {
      // Take keyboard and screen-reader users to the first option still missing.
      document.getElementById(listId)?.querySelector<HTMLSelectElement>('select[aria-invalid="true"]')?.focus();
    }
  };

  return (
    <>
      <Panel labelledBy={titleId}>
        <Typography id={titleId} variant="h1" component="h1" sx={{ mb: 1 }}>
          {t('products.title')}
        </Typography>
        <Box component="ul" id={listId} aria-label={t('products.listLabel')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {event.products.map((product) => (
            <ProductCard key={product.id} product={product} />
          ))}
        </Box>
      </Panel>
      <Panel>
        <StepNavigation step="products" onContinue={onContinue} pending={checkout.productsPending || advancing} pendingLabel={t('products.saving')} />
      </Panel>
    </>
  );
});

/** `/{url}/productos`: optional extras for the held purchase (redirects to /{url} without one). */
export default function ProductsPage() {
  return (
    <StepGuard step="products">
      <ProductsStep />
    </StepGuard>
  );
}
