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

/** Starts downloading the steps that may come next (called on Continue, in parallel with the request). */
export function preloadSteps(...ids: StepId[]): void {
  for (const id of ids) {
    if (id in loaders) void loaders[id as keyof typeof loaders]().catch(() => undefined);
  }
}
