import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { observer } from 'mobx-react-lite';
import { Suspense, type ReactNode } from 'react';
import { ChevronIcon } from '../../components/icons';
import { useStores } from '../../StoreContext';
import type { PaymentMethodId } from '../../../shared/payment-methods';
import { usePaymentsTranslation } from '../usePaymentsTranslation';
import { BuyerPanel } from './BuyerPanel';
import { CardPanel } from './CardPanel';
import { OpenpayPanel } from './OpenpayPanel';
import type { BuyerForms } from './BuyerForms';
import type { PaymentActions } from './PaymentActions';
import { PaypalPanel } from './PaypalPanel';
import { SuperTokenPanel } from './SuperTokenPanel';
import { CardBrandLogo } from './CardBrandLogo';
import { lazyWithRetry } from '../../lib/lazyWithRetry';

// Stripe.js's React bindings only load when the card payment provider's panel opens.
const StripePanel = lazyWithRetry(() => import('./StripePanel').then((module) => ({ default: module.StripePanel })));

/** Methods paid by card: their summary carries the card brand logo. */
const CARD_METHODS: ReadonlySet<PaymentMethodId> = new Set<PaymentMethodId>(['card', 'openpay', 'stripe', 'superToken']);

/** The panel of each method the storefront implements. */
function panelOf(method: PaymentMethodId, actions: PaymentActions, forms: BuyerForms): ReactNode {
  switch (method) {
    case 'free':
      return <BuyerPanel method="free" forms={forms} onPay={(buyer) => actions.payFree(buyer)} />;
    case 'cash':
      return <BuyerPanel method="cash" forms={forms} onPay={(buyer) => actions.payCash(buyer)} />;
    case 'bankTransfer':
      return <BuyerPanel method="bankTransfer" forms={forms} onPay={(buyer) => actions.payBankTransfer(buyer)} />;
    case 'paypal':
      return <PaypalPanel onPay={() => void actions.payPaypal()} />;
    case 'card':
      return <CardPanel actions={actions} />;
    case 'superToken':
      return <SuperTokenPanel actions={actions} />;
    case 'openpay':
      return <OpenpayPanel actions={actions} />;
    case 'stripe':
      return (
        <Suspense fallback={null}>
          <StripePanel />
        </Suspense>
      );
    default:
      return null; // other card methods: a later issue (never offered, see PaymentStore.offeredMethods)
  }
}

/** The accordion of offered methods; a single method opens by itself. Other panels are locked while one submits. */
export const PaymentMethodList = observer(function PaymentMethodList({ actions, forms }: { actions: PaymentActions; forms: BuyerForms }) {
  const { t } = usePaymentsTranslation();
  const { payment } = useStores();
  const methods = payment.offeredMethods;

  return (
    <Box role="group" aria-label={t('page.listLabel')} sx={{ mt: 2 }}>
      {methods.map((method) => (
        <Accordion
          key={method}
          expanded={payment.expanded === method}
          onChange={(_event, open) => payment.setExpanded(open ? method : null)}
          disabled={payment.submitting !== null && payment.submitting !== method}
          disableGutters
          variant="outlined"
          slotProps={{ heading: { component: 'h2' } as object, transition: { unmountOnExit: true } }}
          sx={{ '&:not(:last-of-type)': { borderBottom: 0 } }}
        >
          <AccordionSummary expandIcon={<ChevronIcon />} aria-controls={`payment-panel-${method}`} id={`payment-summary-${method}`}>
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {t(`methods.${method}.label`)}
            </Typography>
            {CARD_METHODS.has(method) ? <CardBrandLogo brand={payment.cardBrand} /> : null}
          </AccordionSummary>
          <AccordionDetails>
            {panelOf(method, actions, forms)}
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
});
