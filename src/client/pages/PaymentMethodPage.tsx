import { PaymentMethodView } from '../payments/method/PaymentMethodView';

/**
 * `/{url}/payment-method`: the offered methods as panels (payments/method). A lazy route:
 * the panels, rjsf and the buyer validator never reach the ticket page.
 */
export default function PaymentMethodPage() {
  return <PaymentMethodView />;
}
