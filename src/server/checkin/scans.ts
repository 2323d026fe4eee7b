import type { CheckinScan, CheckinScanResult, CheckinVerdict } from '../../shared/api';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context';
import { withWriteTransaction } from '../db/locked-transaction';
import type { Database } from '../db/schema';
import { deviceNames } from '../repositories/checkin-device.repository';
import { entriesOfTickets, findScanResults, insertEntry, markExited, recordConflict, storeScanResults, type CheckinEntryRow } from '../repositories/checkin-entry.repository';
import type { DoorTicketRow } from '../repositories/checkin-ticket.repository';
import type { DoorContext } from './devices';
import { ticketView } from './door-ticket';
import { ticketsOfCodes } from './scan-codes';
import { ticketsLive } from '../orders/statuses';
import { emitTicketCheckedIn, endpointsOnce, type EndpointsOnce } from '../webhooks/emit';

/** A scan made this long before it reached the server was decided offline by its device. */
export const OFFLINE_AFTER_MS = 10_000;

/**
 * Decides each scan of a batch (README "Verdicts") and answers in the batch's order. Idempotent by
 * (device, nonce): a scan already decided answers what it answered then. An admission is the insert of
 * entry N of the ticket on the list under a unique key, so two devices admitting one ticket at the same
 * moment get one `ok`.
 *
 * A batch costs a few statements, not a few per scan: its stored answers, its tickets and their entries
 * are read at once, the scans not decided yet are decided in one write transaction (on SQLite it shares
 * its commit with the other batches of the same turn of the event loop) and their answers are stored in one insert.
 */
export async function decideScans(ctx: AppContext, door: DoorContext, scans: CheckinScan[]): Promise<CheckinScanResult[]> {
  const db = ctx.db.kysely;
  const answers = await findScanResults(db, door.device.id, scans.map((s) => s.nonce));
  const fresh = scans.filter((s) => !answers.has(s.nonce));
  if (fresh.length > 0) {
    const tickets = await ticketsOfCodes(db, door.event.id, fresh.map((s) => s.code));
    const decided = await withWriteTransaction(ctx.db, (trx) => decideFresh(trx, ctx.now(), door, fresh, tickets));
    for (const [nonce, json] of decided) answers.set(nonce, json);
  }
  return scans.map((s) => JSON.parse(answers.get(s.nonce)!) as CheckinScanResult);
}

/** What one scan decided, before device names are read: the entry an `already_used` reports. */
interface Decided { result: CheckinScanResult; firstEntry?: CheckinEntryRow }

/**
 * The scans of a batch not answered yet, in one write transaction; their stored answers by nonce. Scans are
 * decided ticket by ticket in the order of the tickets' ids (each ticket's scans in the batch's order), so
 * that two batches sharing tickets take the entries' unique keys in the same order: on PostgreSQL the later
 * waits for the earlier instead of each waiting for the other.
 */
async function decideFresh(db: Kysely<Database>, now: Date, door: DoorContext, scans: CheckinScan[], tickets: Map<string, DoorTicketRow>): Promise<Map<string, string>> {
  const { device, event, list } = door;
  // Re-read inside the transaction: a concurrent request with the same nonces may have stored them meanwhile.
  const answers = await findScanResults(db, device.id, scans.map((s) => s.nonce));
  // A nonce twice in one batch is one scan: the second answers what the first did.
  const seen = new Set<string>();
  const todo = scans.filter((s) => !answers.has(s.nonce) && !seen.has(s.nonce) && seen.add(s.nonce));
  const ticketIds = [...new Set(todo.flatMap((s) => tickets.get(s.code)?.id ?? []))];
  const entries = await entriesOfTickets(db, event.id, list.id, ticketIds);
  const byTicket = todo.map((scan, i) => ({ scan, i, id: tickets.get(scan.code)?.id ?? '' }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.i - b.i));
  const decided = new Map<string, Decided>();
  // The organiser's webhook endpoints, read once for the batch (only if a ticket enters for the first time).
  const webhooks = endpointsOnce(db, event.id);
  for (const { scan } of byTicket) decided.set(scan.nonce, await decide(db, now, door, scan, tickets.get(scan.code), entries, webhooks));
  const names = await deviceNames(db, [...new Set([...decided.values()].flatMap((d) => d.firstEntry?.device_id ?? []))]);
  const rows = todo.map((scan) => {
    const { result, firstEntry } = decided.get(scan.nonce)!;
    if (firstEntry) result.first_entry = { at: firstEntry.scanned_at, device: names.get(firstEntry.device_id) ?? '' };
    return { device_id: device.id, nonce: scan.nonce, result_json: JSON.stringify(result), created_at: now.toISOString() };
  });
  // In nonce order too: two requests re-sending one device's scans take the answers' keys in one order.
  const stored = await storeScanResults(db, [...rows].sort((a, b) => (a.nonce < b.nonce ? -1 : a.nonce > b.nonce ? 1 : 0)));
  for (const row of rows) if (stored.has(row.nonce)) answers.set(row.nonce, row.result_json);
  // Answered first by a concurrent request with the same nonces: its answer stands.
  const missing = todo.filter((s) => !answers.has(s.nonce)).map((s) => s.nonce);
  for (const [nonce, json] of await findScanResults(db, device.id, missing)) answers.set(nonce, json);
  return answers;
}

/**
 * One scan, given its ticket and the ticket's entries on the list (kept current: an admission or an exit
 * decided here is added to them for the batch's next scans of the same ticket).
 */
async function decide(
  db: Kysely<Database>, now: Date, door: DoorContext, scan: CheckinScan, row: DoorTicketRow | undefined, entries: Map<string, CheckinEntryRow[]>, webhooks: EndpointsOnce,
): Promise<Decided> {
  const { device, event, list } = door;
  // A device clock ahead of ours is not trusted beyond now.
  const scannedAt = new Date(Math.min(Date.parse(scan.scanned_at), now.getTime())).toISOString();
  const answer = (verdict: CheckinVerdict, extra: Partial<CheckinScanResult> = {}): Decided => ({ result: { nonce: scan.nonce, verdict, ...extra } });
  if (!row) return answer('unknown');
  const view = (inside: boolean) => ticketView(row, inside);
  if (row.revoked_reason || !ticketsLive(row.purchase_status)) return answer('revoked', { ticket: view(false), revoked_reason: row.revoked_reason ?? 'organiser' });
  if (!list.ticket_types.includes(row.type)) return answer('wrong_list', { ticket: view(false) });
  if (list.opens_at && Date.parse(scannedAt) < Date.parse(list.opens_at)) return answer('not_open', { ticket: view(false) });
  if (list.closes_at && Date.parse(scannedAt) > Date.parse(list.closes_at)) return answer('closed', { ticket: view(false) });
  let mine = entries.get(row.id) ?? [];
  const last = mine.at(-1);
  if (scan.direction === 'out') {
    // Leaving is recorded on a re-entry list only; elsewhere an `out` scan changes nothing.
    if (list.allow_reentry && last && !last.exited_at) {
      await markExited(db, last.id, scannedAt);
      last.exited_at = scannedAt;
    }
    return answer('ok', { ticket: view(false) });
  }
  const canEnterAgain = !last || (list.allow_reentry && last.exited_at !== null);
  if (canEnterAgain) {
    const entry = {
      event_id: event.id, list_id: list.id, ticket_id: row.id, entry_number: (last?.entry_number ?? 0) + 1,
      device_id: device.id, scanned_at: scannedAt, created_at: now.toISOString(),
    };
    const id = await insertEntry(db, entry);
    if (id !== undefined) {
      entries.set(row.id, [...mine, { ...entry, id, exited_at: null }]);
      // A ticket's first entry is told to the organiser's webhooks, in this transaction (once per ticket).
      if (entry.entry_number === 1) await emitTicketCheckedIn(db, event.id, { ticketId: row.id, list: list.id, scannedAt, now: entry.created_at }, webhooks);
      return answer('ok', { ticket: view(true) });
    }
    // Another device admitted it a moment ago (a concurrent transaction, on PostgreSQL): its entries as they are now.
    mine = (await entriesOfTickets(db, event.id, list.id, [row.id])).get(row.id) ?? [];
    entries.set(row.id, mine);
  }
  // Used already. A scan decided offline let the person in anyway: a conflict.
  if (now.getTime() - Date.parse(scannedAt) > OFFLINE_AFTER_MS) {
    await recordConflict(db, { event_id: event.id, list_id: list.id, ticket_id: row.id, device_id: device.id, nonce: scan.nonce, scanned_at: scannedAt, created_at: now.toISOString() });
  }
  return { ...answer('already_used', { ticket: view(true) }), firstEntry: mine[0] };
}
