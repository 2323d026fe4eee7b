import { memoryStorage, type KeyValueStorage } from '../stores/ports';

/** Web Storage when the browser allows it (private modes and sandboxed frames may throw), else memory. */
export function browserStorage(kind: 'localStorage' | 'sessionStorage'): KeyValueStorage {
  try {
    const storage = window[kind];
    const probe = '__probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return memoryStorage();
  }
}
