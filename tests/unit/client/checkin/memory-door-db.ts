import type { DoorDb } from '../../../../src/client/checkin/doorDb';

type Row = Record<string, unknown>;
const KEYS: Record<string, string | undefined> = { meta: undefined, tickets: 'id', revocations: 'ticket_id', entries: 'ticket_id', queue: 'nonce' };

/**
 * The scanner's IndexedDB in memory, the part of `idb`'s interface `doorDb.ts` calls (get, getAll, put,
 * transaction → objectStore put/delete/clear, done); kept between two DoorStores as a reload keeps IndexedDB.
 */
export function memoryDoorDb(): DoorDb {
  const stores = new Map<string, Map<string, Row>>(Object.keys(KEYS).map((name) => [name, new Map()]));
  const store = (name: string) => ({
    put: async (value: Row, key?: string) => void stores.get(name)!.set(key ?? String(value[KEYS[name]!]), structuredClone(value)),
    delete: async (key: string) => void stores.get(name)!.delete(key),
    clear: async () => stores.get(name)!.clear(),
  });
  const db = {
    get: async (name: string, key: string) => structuredClone(stores.get(name)!.get(key)),
    getAll: async (name: string) => [...stores.get(name)!.values()].map((v) => structuredClone(v)),
    put: (name: string, value: Row, key?: string) => store(name).put(value, key),
    transaction: () => ({ objectStore: store, done: Promise.resolve() }),
  };
  return db as unknown as DoorDb;
}
