import type { KeyValueStorage } from '../stores/ports';

/** sessionStorage key of the last payment result this tab saw (what a refresh of the thank-you page needs). */
export const PAYMENT_RESULT_KEY = 'paymentResult';

export interface SavedPaymentResult {
  url: string;
  purchase_id: string;
}

/** Remembers which purchase the thank-you page of `url` shows. */
export function savePaymentResult(storage: KeyValueStorage, result: SavedPaymentResult): void {
  storage.setItem(PAYMENT_RESULT_KEY, JSON.stringify(result));
}

/** The purchase the thank-you page of `url` showed in this tab, if any. */
export function readPaymentResult(storage: KeyValueStorage, url: string): SavedPaymentResult | null {
  try {
    const saved = JSON.parse(storage.getItem(PAYMENT_RESULT_KEY) ?? 'null') as SavedPaymentResult | null;
    return saved && saved.url === url && typeof saved.purchase_id === 'string' && saved.purchase_id ? saved : null;
  } catch {
    return null;
  }
}
