import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { CheckinListView, CheckinScan, CheckinSyncResponse, CheckinTicketView, RevocationReason, ScanDirection } from '../../shared/api';
import type { DoorEntry } from './doorList';

/** What a paired scanner keeps between visits; the token is the pairing itself. */
export interface DoorMeta {
  token: string;
  cursor: string;
  device: CheckinSyncResponse['device'] | null;
  list: CheckinListView | null;
  keys: CheckinSyncResponse['keys'];
  /** The in/out switch of a re-entry list (absent: in). */
  direction?: ScanDirection;
}

interface DoorSchema extends DBSchema {
  meta: { key: 'door'; value: DoorMeta };
  tickets: { key: string; value: CheckinTicketView };
  revocations: { key: string; value: { ticket_id: string; reason: RevocationReason } };
  entries: { key: string; value: DoorEntry };
  /** Scans not uploaded yet, in the order made. */
  queue: { key: string; value: CheckinScan & { seq: number } };
}

const STORES = ['meta', 'tickets', 'revocations', 'entries', 'queue'] as const;

/**
 * The scanner's IndexedDB (through `idb`): the pairing and sync cursor, the list's tickets, the revocations,
 * the entries this scanner knows of, and the queue of scans waiting to upload.
 */
export type DoorDb = IDBPDatabase<DoorSchema>;

export function openDoorDb(name = 'checkin'): Promise<DoorDb> {
  return openDB<DoorSchema>(name, 1, {
    upgrade(db) {
      db.createObjectStore('meta');
      db.createObjectStore('tickets', { keyPath: 'id' });
      db.createObjectStore('revocations', { keyPath: 'ticket_id' });
      db.createObjectStore('entries', { keyPath: 'ticket_id' });
      db.createObjectStore('queue', { keyPath: 'nonce' });
    },
  });
}

/** Pairs the scanner with `token`: a different token than the one kept starts from an empty list (another event or gate). */
export async function pair(db: DoorDb, token: string): Promise<void> {
  const kept = await db.get('meta', 'door');
  if (kept?.token === token) return;
  const tx = db.transaction(STORES, 'readwrite');
  await Promise.all(STORES.map((store) => tx.objectStore(store).clear()));
  await tx.objectStore('meta').put({ token, cursor: '', device: null, list: null, keys: [] }, 'door');
  await tx.done;
}

export async function loadDoor(db: DoorDb) {
  const [meta, tickets, revocations, entries, queue] = await Promise.all([
    db.get('meta', 'door'), db.getAll('tickets'), db.getAll('revocations'), db.getAll('entries'), db.getAll('queue'),
  ]);
  return { meta: meta ?? null, tickets, revocations, entries, queue: queue.sort((a, b) => a.seq - b.seq) };
}

/** Keeps one sync answer (as the door list merged it) and the next cursor, in one transaction. */
export async function saveSync(db: DoorDb, meta: DoorMeta, tickets: CheckinTicketView[], revocations: CheckinSyncResponse['revocations'], entries: DoorEntry[]): Promise<void> {
  const tx = db.transaction(['meta', 'tickets', 'revocations', 'entries'], 'readwrite');
  for (const ticket of tickets) void tx.objectStore('tickets').put(ticket);
  for (const revocation of revocations) void tx.objectStore('revocations').put(revocation);
  for (const entry of entries) void tx.objectStore('entries').put(entry);
  void tx.objectStore('meta').put(meta, 'door');
  await tx.done;
}

/** Keeps the pairing's state (the in/out switch). */
export async function saveMeta(db: DoorDb, meta: DoorMeta): Promise<void> {
  await db.put('meta', meta, 'door');
}

/** Keeps a scan made here: its entry (an admission, or an exit on a re-entry list) and its place in the upload queue. */
export async function saveScan(db: DoorDb, scan: CheckinScan & { seq: number }, entry: DoorEntry | null, ticket: CheckinTicketView | null): Promise<void> {
  const tx = db.transaction(['queue', 'entries', 'tickets'], 'readwrite');
  void tx.objectStore('queue').put(scan);
  if (entry) void tx.objectStore('entries').put(entry);
  if (ticket) void tx.objectStore('tickets').put(ticket);
  await tx.done;
}

/** Drops uploaded scans and keeps what the server's answers changed. */
export async function saveUploaded(db: DoorDb, nonces: string[], entries: DoorEntry[], tickets: CheckinTicketView[], revocations: CheckinSyncResponse['revocations']): Promise<void> {
  const tx = db.transaction(['queue', 'entries', 'tickets', 'revocations'], 'readwrite');
  for (const nonce of nonces) void tx.objectStore('queue').delete(nonce);
  for (const entry of entries) void tx.objectStore('entries').put(entry);
  for (const ticket of tickets) void tx.objectStore('tickets').put(ticket);
  for (const revocation of revocations) void tx.objectStore('revocations').put(revocation);
  await tx.done;
}
