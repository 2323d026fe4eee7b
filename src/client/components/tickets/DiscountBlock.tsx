import CircularProgress from '@mui/material/CircularProgress';
import { lazyWithRetry } from '../../lib/lazyWithRetry';
import Link from '@mui/material/Link';
import { observer } from 'mobx-react-lite';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../StoreContext';

// The input, its label and helper (MUI InputBase & co.) load when the buyer asks for them.
const DiscountForm = lazyWithRetry(() => import('./DiscountForm'));

/**
 * The discount block: collapsed link (only with tickets), then input +
 * 'Validate Code' through idle → pending → success | error. The input is locked
 * while a code is applied; emptying the cart hides it again (CheckoutStore rule).
 */
export const DiscountBlock = observer(function DiscountBlock() {
  const { t } = useTranslation();
  const { checkout } = useStores();

  if (!checkout.discountRevealed) {
    return (
      <Link
        component="button"
        type="button"
        disabled={!checkout.hasTickets}
        onClick={checkout.revealDiscount}
        sx={{ fontSize: '1rem', '&:disabled': { color: 'text.secondary', cursor: 'not-allowed', textDecoration: 'none' } }}
      >
        {t('checkout:discount.reveal')}
      </Link>
    );
  }
  return (
    <Suspense fallback={<CircularProgress size={24} aria-label={t('common:loading.page')} />}>
      <DiscountForm />
    </Suspense>
  );
});
