import { ThankYouView } from '../payments/status/ThankYouView';

/** `/{url}/payment-status`: the thank-you page and order summary (payments/status). A lazy route. */
export default function PaymentStatusPage() {
  return <ThankYouView />;
}
