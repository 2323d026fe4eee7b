import { readThankYouFragment } from '../../shared/purchase-access';

const STORAGE_KEY = 'order-link';

/**
 * The purchase and key that open the order page: the e-mail link's fragment (`#purchase_id=…&key=…`,
 * never sent to a server), kept in this tab's sessionStorage so a reload still opens it, and taken off
 * the address bar so it is not left in the history or shared by a copy of the URL.
 */
export function adoptOrderLink(storage: Storage, location: Location, history: History): { purchaseId: string; key: string } | null {
  const fromLink = readThankYouFragment(location.hash);
  if (fromLink) {
    storage.setItem(STORAGE_KEY, JSON.stringify(fromLink));
    history.replaceState(history.state, '', `${location.pathname}${location.search}`);
    return fromLink;
  }
  try {
    const saved = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as { purchaseId?: unknown; key?: unknown } | null;
    return typeof saved?.purchaseId === 'string' && typeof saved.key === 'string' ? { purchaseId: saved.purchaseId, key: saved.key } : null;
  } catch {
    return null;
  }
}
