import { readThankYouFragment } from '../../shared/purchase-access';
import type { KeyValueStorage } from '../stores/ports';
import { rememberPurchaseKey } from '../stores/purchaseKeys';

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

/**
 * The tickets e-mail links `/{url}/payment-status#purchase_id=…&key=…`, so the thank-you
 * page opens on any device. Keeps the key and the purchase as a loader would, then takes
 * them out of the address bar (history, bookmarks and copied links no longer carry the key).
 * True when the address carried such a link.
 */
export function adoptThankYouLink(storage: KeyValueStorage, url: string, win: Pick<Window, 'location' | 'history'> = window): boolean {
  const link = readThankYouFragment(win.location.hash);
  if (!link) return false;
  rememberPurchaseKey(storage, link.purchaseId, link.key);
  savePaymentResult(storage, { url, purchase_id: link.purchaseId });
  win.history.replaceState(win.history.state, '', `${win.location.pathname}${win.location.search}`);
  return true;
}
