import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CheckinSyncResponse, CheckinTicketView } from '../../../../src/shared/api';
import { base32Decode, base32Encode } from '../../../../src/shared/checkin/ticket-code';
import { createCodeVerifier } from '../../../../src/client/checkin/codeVerifier';
import { DoorList } from '../../../../src/client/checkin/doorList';

/** The test vector of docs/checkin-codes.md: the scanner's WebCrypto verifier reads the code the server signs. */
const doc = readFileSync(new URL('../../../../docs/checkin-codes.md', import.meta.url), 'utf8');
const vector = JSON.parse(/```json checkin-code-vector\n([\s\S]*?)```/.exec(doc)![1]) as {
  public_key: string; payload: { keyId: number; ticketId: string; ticketType: number; seat: string | null }; code: string;
};
const keys = [{ key_id: 1, public_key: vector.public_key }];
const verify = createCodeVerifier(keys);

const ticket = (id: string, folio: string, type: number, extra: Partial<CheckinTicketView> = {}): CheckinTicketView => ({
  id, folio, type, type_name: `Tipo ${type}`, seat: null, holder: `Persona ${folio}`, checked_in: false, legacy_code: null, ...extra,
});

function sync(tickets: CheckinTicketView[], extra: Partial<CheckinSyncResponse> = {}): CheckinSyncResponse {
  return {
    device: { id: 'd1', name: 'Puerta A' },
    list: { id: 'all', name: 'Todos', ticket_types: [2, 3], opens_at: null, closes_at: null, allow_reentry: false },
    keys, tickets, revocations: [], cursor: 'c', more: false, ...extra,
  };
}

const at = new Date('2026-12-05T20:41:00Z');

describe('the door list (offline verdicts)', () => {
  it('verifies the documented code with WebCrypto Ed25519 and refuses a changed byte', async () => {
    expect(await verify(vector.code)).toEqual(vector.payload);
    const bytes = base32Decode(vector.code)!;
    bytes[20] ^= 1;
    expect(await verify(base32Encode(bytes))).toBeNull();
    expect(await createCodeVerifier([{ key_id: 2, public_key: vector.public_key }])(vector.code)).toBeNull();
  });

  it('admits a ticket once, then says when and where it entered', async () => {
    const door = new DoorList();
    door.applySync(sync([ticket(vector.payload.ticketId, '000123', 2)]));
    const found = await door.identify(vector.code, verify);
    const first = door.decide(found, at);
    expect(first.verdict).toBe('ok');
    door.admit(first.ticket!, at.toISOString(), 'Puerta A');
    expect(door.decide(await door.identify(vector.code, verify), at)).toMatchObject({ verdict: 'already_used', first_entry: { at: at.toISOString(), device: 'Puerta A' } });
    expect(door.counts()).toEqual({ admitted: 1, total: 1 });
  });

  it('decides unknown, revoked, wrong list, not open and closed as the server does', async () => {
    const door = new DoorList();
    door.applySync(sync([ticket('t-1', '000001', 2, { legacy_code: 'old-secret' }), ticket('t-2', '000002', 3), ticket('t-9', '000009', 9)], {
      revocations: [{ ticket_id: 't-2', reason: 'refunded' }],
      list: { id: 'vip', name: 'VIP', ticket_types: [2, 3], opens_at: '2026-12-05T18:00:00Z', closes_at: '2026-12-06T02:00:00Z', allow_reentry: false },
    }));
    expect(door.decide(await door.identify('nothing-like-a-code', verify), at).verdict).toBe('unknown');
    expect(door.decide(await door.identify('2', verify), at)).toMatchObject({ verdict: 'revoked', revoked_reason: 'refunded' });
    expect(door.decide(await door.identify('9', verify), at).verdict).toBe('wrong_list');
    expect(door.decide(await door.identify('old-secret', verify), new Date('2026-12-05T17:00:00Z')).verdict).toBe('not_open');
    expect(door.decide(await door.identify('000001', verify), new Date('2026-12-06T03:00:00Z')).verdict).toBe('closed');
    expect(door.decide(await door.identify('old-secret', verify), at).verdict).toBe('ok');
  });

  it('admits a verified code of a ticket issued after the last sync, and refuses one of a type outside the list', async () => {
    const door = new DoorList();
    door.applySync(sync([]));
    expect(door.decide(await door.identify(vector.code, verify), at)).toMatchObject({ verdict: 'ok', ticket: { id: vector.payload.ticketId, type: 2 } });
    door.applySync(sync([], { list: { id: 'vip', name: 'VIP', ticket_types: [3], opens_at: null, closes_at: null, allow_reentry: false } }));
    expect(door.decide(await door.identify(vector.code, verify), at).verdict).toBe('wrong_list');
  });

  it('keeps a local admission through an older sync, and lets the server answer win', () => {
    const door = new DoorList();
    const t = ticket('t-1', '000001', 2);
    door.applySync(sync([t]));
    door.admit(t, at.toISOString(), 'Puerta A');
    door.applySync(sync([t]));
    expect(door.tickets.get('t-1')!.checked_in).toBe(true);
    door.applyResult({ nonce: 'n', verdict: 'already_used', ticket: { ...t, checked_in: true }, first_entry: { at: '2026-12-05T20:30:00Z', device: 'Puerta B' } });
    expect(door.decide({ ticket: door.tickets.get('t-1')! }, at).first_entry).toEqual({ at: '2026-12-05T20:30:00Z', device: 'Puerta B' });
  });

  it('on a re-entry list an out scan lets the ticket in again; without re-entry an out scan changes nothing', () => {
    const reentry = { id: 'vip', name: 'VIP', ticket_types: [2], opens_at: null, closes_at: null, allow_reentry: true };
    const door = new DoorList();
    const t = ticket('t-1', '000001', 2);
    door.applySync(sync([t], { list: reentry }));
    door.admit(door.decide({ ticket: t }, at).ticket!, at.toISOString(), 'Puerta A');
    expect(door.decide({ ticket: door.tickets.get('t-1')! }, at).verdict).toBe('already_used');
    const out = door.decide({ ticket: door.tickets.get('t-1')! }, at, 'out');
    expect(out).toMatchObject({ verdict: 'ok', ticket: { id: 't-1', checked_in: false } });
    expect(door.leave(out.ticket!, '2026-12-05T21:00:00Z')).toMatchObject({ ticket_id: 't-1', left_at: '2026-12-05T21:00:00Z' });
    expect(door.counts()).toEqual({ admitted: 0, total: 1 });
    expect(door.decide({ ticket: door.tickets.get('t-1')! }, at).verdict).toBe('ok');

    const once = new DoorList();
    once.applySync(sync([t]));
    once.admit(t, at.toISOString(), 'Puerta A');
    expect(once.decide({ ticket: t }, at, 'out').verdict).toBe('ok');
    expect(once.leave(t, at.toISOString())).toBeNull();
    expect(once.decide({ ticket: once.tickets.get('t-1')! }, at).verdict).toBe('already_used');
  });

  it('an out scan refused or answered by the server: revoked still refuses, the server\'s ok marks the exit, a sync after it lets a re-entry elsewhere win', () => {
    const reentry = { id: 'vip', name: 'VIP', ticket_types: [2], opens_at: null, closes_at: null, allow_reentry: true };
    const door = new DoorList();
    const t = ticket('t-1', '000001', 2, { checked_in: true });
    door.applySync(sync([t, ticket('t-2', '000002', 2)], { list: reentry, revocations: [{ ticket_id: 't-2', reason: 'organiser' }] }));
    expect(door.decide({ ticket: door.tickets.get('t-2')! }, at, 'out').verdict).toBe('revoked');
    // Admitted through another door (the sync said so); its exit decided here offline is uploaded later.
    const exit = { nonce: 'n-out', code: '000001', scanned_at: '2026-12-05T21:00:00Z', direction: 'out' as const };
    expect(door.applyResult({ nonce: 'n-out', verdict: 'ok', ticket: { ...t, checked_in: false } }, exit)).toMatchObject({ ticket_id: 't-1', left_at: exit.scanned_at });
    expect(door.tickets.get('t-1')!.checked_in).toBe(false);
    expect(door.decide({ ticket: door.tickets.get('t-1')! }, at).verdict).toBe('ok');
    // A later sync says it is inside again (entered through another door): it is.
    const changed = door.applySync(sync([t], { list: reentry }));
    expect(changed.entries).toEqual([expect.objectContaining({ ticket_id: 't-1', left_at: null })]);
    expect(door.decide({ ticket: door.tickets.get('t-1')! }, at).verdict).toBe('already_used');
  });

  it('searches by folio or name', () => {
    const door = new DoorList();
    door.applySync(sync([ticket('t-1', '000001', 2, { holder: 'Łukasz Dvořák' }), ticket('t-2', '000002', 2)]));
    expect(door.search('łukasz').map((t) => t.id)).toEqual(['t-1']);
    expect(door.search('2').map((t) => t.id)).toEqual(['t-2']);
  });
});
