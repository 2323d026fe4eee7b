import type { StepId } from '../flow/checkoutFlow';
import { lazyWithRetry } from '../lib/lazyWithRetry';

// Every step after the ticket page is its own chunk (the ticket page loads no form or payment code).
const loaders = {
  products: () => import('./ProductsPage'),
  information: () => import('./FormPage'),
  payment: () => import('./PaymentMethodPage'),
};

export const ProductsPage = lazyWithRetry(loaders.products);
export const FormPage = lazyWithRetry(loaders.information);
export const PaymentMethodPage = lazyWithRetry(loaders.payment);
export const PaymentStatusPage = lazyWithRetry(() => import('./PaymentStatusPage'));
export const PaymentLoaderPage = lazyWithRetry(() => import('./PaymentLoaderPage'));
/** The buyer's order page (`/{url}/order`): its own chunk, reached from e-mails and the thank-you page. */
export const OrderPage = lazyWithRetry(() => import('./OrderPage'));
// The waiting list's links: the confirmation page (outside the checkout's layout) and an offer's landing.
export const WaitingListConfirmPage = lazyWithRetry(() => import('../waiting-list/WaitingListConfirmPage'));
export const OfferPage = lazyWithRetry(() => import('../waiting-list/OfferPage'));
/** The operators' event preview (`/admin/preview`): its own chunk, never on a buyer's walk. */
export const PreviewPage = lazyWithRetry(() => import('../preview/PreviewPage'));
/** The operator console (`/admin/*`): its own chunk, never on a buyer's walk. */
export const AdminApp = lazyWithRetry(() => import('../admin/AdminApp'));
/** The door scanner (`/checkin`): its own chunk, never on a buyer's walk. */
export const CheckinPage = lazyWithRetry(() => import('../checkin/CheckinPage'));

/**
 * Starts downloading step `id`'s chunk (called on Continue for the step the flow puts next, in
 * parallel with the request). Only that one step: a chunk fetched for a step the buyer has not
 * reached yet (the payment page while the form is still ahead) is weight a phone pays for early.
 */
export function preloadStep(id: StepId): void {
  if (id in loaders) void loaders[id as keyof typeof loaders]().catch(() => undefined);
}
