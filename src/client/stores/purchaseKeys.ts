import type { KeyValueStorage } from './ports';
import { storageKeys } from './ports';

/**
 * The access keys of this tab's purchases. The purchase id is only a reference; the key
 * (given once by new-purchase, or carried by the tickets e-mail's link) is what lets the
 * server answer with the buyer's data and the tickets. Kept apart from the saved purchase:
 * starting a payment forgets the order, but its loader and thank-you page still need the key.
 */
interface KeyRing {
  /** Purchase ids, newest last. */
  order: string[];
  keys: Record<string, string>;
}

/** Enough for a buyer who starts over a few times in one tab; older keys are dropped. */
const MAX_KEYS = 5;

function readRing(storage: KeyValueStorage): KeyRing {
  try {
    const ring = JSON.parse(storage.getItem(storageKeys.purchaseKeys) ?? 'null') as KeyRing | null;
    if (ring && Array.isArray(ring.order) && ring.keys && typeof ring.keys === 'object') return ring;
  } catch {
    // Unreadable: start a new ring.
  }
  return { order: [], keys: {} };
}

/** Remembers the key of a purchase as this tab's newest. */
export function rememberPurchaseKey(storage: KeyValueStorage, purchaseId: string, key: string): void {
  const ring = readRing(storage);
  const order = [...ring.order.filter((id) => id !== purchaseId), purchaseId].slice(-MAX_KEYS);
  const keys: Record<string, string> = {};
  for (const id of order) keys[id] = id === purchaseId ? key : ring.keys[id];
  storage.setItem(storageKeys.purchaseKeys, JSON.stringify({ order, keys }));
}

/**
 * The key of `purchaseId`; with null, the key of this tab's newest purchase (a loader page
 * knows only the provider's payment id, and follows the payment the buyer just started).
 */
export function purchaseKeyFor(storage: KeyValueStorage, purchaseId: string | null): string | null {
  const ring = readRing(storage);
  const id = purchaseId ?? ring.order[ring.order.length - 1];
  const key = id ? ring.keys[id] : undefined;
  return typeof key === 'string' ? key : null;
}
