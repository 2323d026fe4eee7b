import type { KeyValueStorage } from './ports';
import { storageKeys } from './ports';

/** What sessionStorage keeps so a refresh can restore the hold (the tab's purchase and its event). */
export interface SavedPurchase {
  purchase_id: string;
  url: string;
}

/** Reads the purchase this tab saved, or null when there is none (or it is unreadable). */
export function readSavedPurchase(storage: KeyValueStorage): SavedPurchase | null {
  try {
    const saved = JSON.parse(storage.getItem(storageKeys.purchase) ?? 'null') as SavedPurchase | null;
    return saved && typeof saved.purchase_id === 'string' && typeof saved.url === 'string' ? saved : null;
  } catch {
    return null;
  }
}

/** Remembers the tab's purchase for a refresh. */
export function writeSavedPurchase(storage: KeyValueStorage, saved: SavedPurchase): void {
  storage.setItem(storageKeys.purchase, JSON.stringify(saved));
}
