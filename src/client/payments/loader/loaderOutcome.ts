import type { PaymentStatus } from '../../api/paymentTypes';

/** What a loader page shows for a payment status. */
export type LoaderOutcome = 'approved' | 'pending' | 'declined';

/** The status value of a loader answer: anything but approved, pending and rejected is `other`. */
export function paymentStatus(value: unknown): PaymentStatus {
  return value === 'approved' || value === 'pending' || value === 'rejected' ? value : 'other';
}

/** Approved and pending go on to the thank-you page; rejected and other are a declined payment. */
export function loaderOutcome(value: unknown): LoaderOutcome {
  const status = paymentStatus(value);
  return status === 'approved' || status === 'pending' ? status : 'declined';
}

/** Seconds a loader counts down after approved or pending before the thank-you page. */
export const SUCCESS_REDIRECT_SECONDS = 3;
/**
 * After a declined payment the page counts down back to the methods: longer than after
 * success, so the buyer has time to read why (docs/product-rules.md, *Loader pages*).
 */
export const DECLINED_REDIRECT_SECONDS = 6;
