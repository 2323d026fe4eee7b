import type { CheckinScan, CheckinScanResult, CheckinVerdict } from '../../shared/api';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context';
import { withWriteTransaction } from '../db/locked-transaction';
import type { Database } from '../db/schema';
import { deviceName } from '../repositories/checkin-device.repository';
import { firstEntry, findScanResult, insertEntry, latestEntry, markExited, recordConflict, storeScanResult } from '../repositories/checkin-entry.repository';
import { findDoorTicket, type DoorTicketRow } from '../repositories/checkin-ticket.repository';
import { publishedKeys, verifiedPayload } from './event-keys';
import type { DoorContext } from './devices';
import { ticketView } from './door-ticket';

/** A scan made this long before it reached the server was decided offline by its device. */
export const OFFLINE_AFTER_MS = 10_000;

/**
 * Decides each scan of a batch, in order (README "Verdicts"). Idempotent by (device, nonce): a scan
 * already decided answers what it answered then. An admission is the insert of entry N of the ticket on
 * the list under a unique key, so two devices admitting one ticket at the same moment get one `ok`.
 */
export async function decideScans(ctx: AppContext, door: DoorContext, scans: CheckinScan[]): Promise<CheckinScanResult[]> {
  const keys = await publishedKeys(ctx.db.kysely, door.event.id);
  const results: CheckinScanResult[] = [];
  for (const scan of scans) results.push(await decideOnce(ctx, door, keys, scan));
  return results;
}

/**
 * One scan in one write transaction: on SQLite the scans of every device that arrive in the same turn of the
 * event loop share a commit (`db/group-commit.ts`); on PostgreSQL each scan holds its entry's key only briefly.
 */
function decideOnce(ctx: AppContext, door: DoorContext, keys: { key_id: number; public_key: string }[], scan: CheckinScan): Promise<CheckinScanResult> {
  return withWriteTransaction(ctx.db, async (db) => {
    const stored = await findScanResult(db, door.device.id, scan.nonce);
    if (stored) return JSON.parse(stored) as CheckinScanResult;
    const result = await decide(db, ctx.now(), door, keys, scan);
    return JSON.parse(await storeScanResult(db, { device_id: door.device.id, nonce: scan.nonce, result_json: JSON.stringify(result), created_at: ctx.now().toISOString() })) as CheckinScanResult;
  });
}

/** The ticket a code names: a signed code verified with the event's keys, a folio typed by hand, or an old random secret. */
async function ticketOfCode(db: Kysely<Database>, eventId: number, keys: { key_id: number; public_key: string }[], code: string): Promise<DoorTicketRow | undefined> {
  const signed = verifiedPayload(code, keys);
  if (signed) return findDoorTicket(db, eventId, { id: signed.ticketId });
  if (/^\d{1,9}$/.test(code)) return findDoorTicket(db, eventId, { folio: Number(code) });
  return findDoorTicket(db, eventId, { secret: code });
}

async function decide(db: Kysely<Database>, now: Date, door: DoorContext, keys: { key_id: number; public_key: string }[], scan: CheckinScan): Promise<CheckinScanResult> {
  const { device, event, list } = door;
  // A device clock ahead of ours is not trusted beyond now.
  const scannedAt = new Date(Math.min(Date.parse(scan.scanned_at), now.getTime())).toISOString();
  const row = await ticketOfCode(db, event.id, keys, scan.code);
  const answer = (verdict: CheckinVerdict, extra: Partial<CheckinScanResult> = {}): CheckinScanResult => ({ nonce: scan.nonce, verdict, ...extra });
  if (!row) return answer('unknown');
  const view = (inside: boolean) => ticketView(row, inside);
  if (row.revoked_reason || row.purchase_status !== 'paid') return answer('revoked', { ticket: view(false), revoked_reason: row.revoked_reason ?? 'organiser' });
  if (!list.ticket_types.includes(row.type)) return answer('wrong_list', { ticket: view(false) });
  if (list.opens_at && Date.parse(scannedAt) < Date.parse(list.opens_at)) return answer('not_open', { ticket: view(false) });
  if (list.closes_at && Date.parse(scannedAt) > Date.parse(list.closes_at)) return answer('closed', { ticket: view(false) });
  const last = await latestEntry(db, event.id, list.id, row.id);
  if (scan.direction === 'out') {
    // Leaving is recorded on a re-entry list only; elsewhere an `out` scan changes nothing.
    if (list.allow_reentry && last && !last.exited_at) await markExited(db, last.id, scannedAt);
    return answer('ok', { ticket: view(false) });
  }
  const canEnterAgain = !last || (list.allow_reentry && last.exited_at !== null);
  if (canEnterAgain) {
    const admitted = await insertEntry(db, {
      event_id: event.id, list_id: list.id, ticket_id: row.id, entry_number: (last?.entry_number ?? 0) + 1,
      device_id: device.id, scanned_at: scannedAt, created_at: now.toISOString(),
    });
    if (admitted) return answer('ok', { ticket: view(true) });
  }
  // Used already (or another device admitted it a moment ago). A scan decided offline let the person in anyway: a conflict.
  if (now.getTime() - Date.parse(scannedAt) > OFFLINE_AFTER_MS) {
    await recordConflict(db, { event_id: event.id, list_id: list.id, ticket_id: row.id, device_id: device.id, nonce: scan.nonce, scanned_at: scannedAt, created_at: now.toISOString() });
  }
  const first = (await firstEntry(db, event.id, list.id, row.id))!;
  return answer('already_used', { ticket: view(true), first_entry: { at: first.scanned_at, device: await deviceName(db, first.device_id) } });
}
