import { describe, expect, it } from 'vitest';
import type { CheckinScan, CheckinScanResult, CheckinSyncResponse, CheckinTicketView } from '../../../../src/shared/api';
import type { DoorApi } from '../../../../src/client/checkin/doorApi';
import { DoorStore } from '../../../../src/client/checkin/DoorStore';
import { memoryDoorDb } from './memory-door-db';

const ticket: CheckinTicketView = { id: 't-1', folio: '000001', type: 2, type_name: 'VIP', seat: null, holder: 'Xōchitl Pérez', checked_in: false, legacy_code: null };

/** A server of one list and one ticket, deciding as the real one does (one entry; re-entry after an out scan), recording the scans it gets. */
function fakeServer(allowReentry: boolean) {
  const sent: CheckinScan[] = [];
  let inside = false;
  const decide = (scan: CheckinScan): CheckinScanResult => {
    if (scan.direction === 'out') {
      if (allowReentry) inside = false;
      return { nonce: scan.nonce, verdict: 'ok', ticket: { ...ticket, checked_in: inside } };
    }
    if (inside) return { nonce: scan.nonce, verdict: 'already_used', ticket: { ...ticket, checked_in: true }, first_entry: { at: scan.scanned_at, device: 'Puerta A' } };
    inside = true;
    return { nonce: scan.nonce, verdict: 'ok', ticket: { ...ticket, checked_in: true } };
  };
  const api: DoorApi = {
    sync: async (): Promise<CheckinSyncResponse> => ({
      device: { id: 'd1', name: 'Puerta A' },
      list: { id: 'vip', name: 'VIP', ticket_types: [2], opens_at: null, closes_at: null, allow_reentry: allowReentry },
      keys: [], tickets: [ticket], revocations: [], cursor: 'c', more: false,
    }),
    scans: async (scans) => {
      sent.push(...scans);
      return { results: scans.map((s) => decide(s)) };
    },
    search: async () => ({ tickets: [] }),
  };
  return { api, sent };
}

async function openStore(db: ReturnType<typeof memoryDoorDb>, api: DoorApi, token = ''): Promise<DoorStore> {
  const store = new DoorStore(db, api);
  await store.start(token, true);
  store.stop();
  return store;
}

describe('the door store: the in/out switch of a re-entry list', () => {
  it('sends out scans with direction out, shows the exit, lets the ticket in again, and keeps the switch across a reload', async () => {
    const db = memoryDoorDb();
    const server = fakeServer(true);
    const store = await openStore(db, server.api, 'token-1');
    expect(store.reentry).toBe(true);
    expect(store.direction).toBe('in');
    await store.scan('000001');
    expect(store.verdict).toMatchObject({ verdict: 'ok', direction: 'in' });
    store.setDirection('out');
    await store.scan('000001');
    expect(store.verdict).toMatchObject({ verdict: 'ok', direction: 'out', ticket: { checked_in: false } });
    expect(store.admitted).toBe(0);
    await expect.poll(() => server.sent.length).toBe(2);
    expect(server.sent.map((s) => s.direction)).toEqual([undefined, 'out']);

    const reloaded = await openStore(db, server.api);
    expect(reloaded.direction).toBe('out');
    reloaded.setDirection('in');
    await reloaded.scan('000001');
    expect(reloaded.verdict).toMatchObject({ verdict: 'ok', direction: 'in' });
    expect((await openStore(db, server.api)).direction).toBe('in');
  });

  it('a list without re-entry offers no switch and sends every scan in, whatever was kept', async () => {
    const db = memoryDoorDb();
    const server = fakeServer(false);
    const store = await openStore(db, server.api, 'token-2');
    expect(store.reentry).toBe(false);
    store.setDirection('out');
    await store.scan('000001');
    expect(store.verdict).toMatchObject({ verdict: 'ok', direction: 'in' });
    await store.scan('000001');
    expect(store.verdict).toMatchObject({ verdict: 'already_used' });
    await expect.poll(() => server.sent.length).toBe(2);
    expect(server.sent.every((s) => s.direction === undefined)).toBe(true);
  });
});
