import type { PaymentStatus } from '../../api/paymentTypes';

/** What a loader page shows for a payment status. */
export type LoaderOutcome = 'approved' | 'pending' | 'declined';

/** The spec's status value of a loader answer: anything but approved, pending and rejected is `other`. */
export function paymentStatus(value: unknown): PaymentStatus {
  return value === 'approved' || value === 'pending' || value === 'rejected' ? value : 'other';
}

/** Spec §4: approved and pending go on to the thank-you page; rejected and other are a declined payment. */
export function loaderOutcome(value: unknown): LoaderOutcome {
  const status = paymentStatus(value);
  return status === 'approved' || status === 'pending' ? status : 'declined';
}

/** Seconds a loader waits before moving on (spec §9: loader redirect countdown 3 s). */
export const SUCCESS_REDIRECT_SECONDS = 3;
/**
 * After a declined payment the page goes back to the methods (spec §4 "After a failed
 * payment"); the spec gives no duration, so the buyer gets a little longer to read why.
 */
export const DECLINED_REDIRECT_SECONDS = 6;
