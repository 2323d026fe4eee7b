import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { findDoorTickets, type DoorTicketRow } from '../repositories/checkin-ticket.repository';
import { decodeCode } from './code-format';
import { publishedKeys, verifiedPayload } from './event-keys';

const FOLIO = /^\d{1,9}$/;

/**
 * The ticket each code of a batch names (codes naming none are left out), in at most three reads: a signed
 * code whose signature one of the event's keys verifies names the ticket in it; a folio typed by hand (digits)
 * names the ticket with that folio; anything else, or a signed code that does not verify, is looked up as an
 * old random secret.
 *
 * A signed code that is, character for character, the code stored for the ticket it names is the one the
 * server signed when it issued the ticket: its signature is not checked again (an event's keys are never
 * removed, so it would verify as it did then). Checking an Ed25519 signature was the largest share of a
 * scan's CPU; a forged or altered code differs from the stored one and is checked.
 */
export async function ticketsOfCodes(db: Kysely<Database>, eventId: number, codes: string[]): Promise<Map<string, DoorTicketRow>> {
  const found = new Map<string, DoorTicketRow>();
  const signed = new Map<string, string>();
  for (const code of new Set(codes)) {
    const decoded = decodeCode(code);
    if (decoded) signed.set(code, decoded.payload.ticketId);
  }
  const byId = new Map((await findDoorTickets(db, eventId, { ids: [...new Set(signed.values())] })).map((r) => [r.id, r]));
  let keys: Awaited<ReturnType<typeof publishedKeys>> | undefined;
  const rest: string[] = [];
  for (const [code, ticketId] of signed) {
    const row = byId.get(ticketId);
    if (row && row.qr_secret === code) {
      found.set(code, row);
      continue;
    }
    keys ??= await publishedKeys(db, eventId);
    if (!verifiedPayload(code, keys)) rest.push(code);
    else if (row) found.set(code, row);
  }
  for (const code of new Set(codes)) if (!signed.has(code)) rest.push(code);
  const folios = rest.filter((c) => FOLIO.test(c));
  const secrets = rest.filter((c) => !FOLIO.test(c));
  for (const row of await findDoorTickets(db, eventId, { folios: folios.map(Number) })) {
    for (const code of folios) if (Number(code) === row.folio && !found.has(code)) found.set(code, row);
  }
  for (const row of await findDoorTickets(db, eventId, { secrets })) found.set(row.qr_secret, row);
  return found;
}
