import type { CheckinListView, CheckinScanResult, CheckinSyncResponse, CheckinTicketView, RevocationReason } from '../../shared/api';
import type { CodePayload } from '../../shared/checkin/ticket-code';

/** An entry this scanner knows of: when, and through which device (null when the sync only said "inside"). */
export interface DoorEntry {
  ticket_id: string;
  at: string | null;
  device: string | null;
}

/** A verdict decided here: the server's answer without its nonce. */
export type LocalVerdict = Omit<CheckinScanResult, 'nonce'>;

/** What a code names before the list is asked: a synced ticket, or a verified signed code of a ticket not synced yet. */
export interface IdentifiedTicket {
  ticket: CheckinTicketView;
}

/** Verifies a signed code with the synced public keys; the payload, or null (not a signed code, unknown key, forged). */
export type CodeVerifier = (code: string) => Promise<CodePayload | null>;

/**
 * The door's list as this scanner holds it — tickets, revocations, the entries it knows of — and the decisions
 * on it, in the server's order (src/server/checkin/README.md, "Verdicts"): unknown, revoked, wrong list, time
 * window, then one entry per ticket. Pure: the page keeps it in memory (a verdict reads no storage) and
 * `doorDb.ts` keeps a copy in IndexedDB.
 */
export class DoorList {
  list: CheckinListView | null = null;
  readonly tickets = new Map<string, CheckinTicketView>();
  readonly revocations = new Map<string, RevocationReason>();
  readonly entries = new Map<string, DoorEntry>();
  private readonly byFolio = new Map<number, string>();
  private readonly byLegacy = new Map<string, string>();

  putTicket(ticket: CheckinTicketView): void {
    const known = this.tickets.get(ticket.id);
    // A ticket admitted here but not uploaded yet stays inside whatever an older sync says.
    const inside = ticket.checked_in || this.entries.has(ticket.id);
    this.tickets.set(ticket.id, { ...ticket, checked_in: inside });
    if (known && known.folio !== ticket.folio) this.byFolio.delete(Number(known.folio));
    this.byFolio.set(Number(ticket.folio), ticket.id);
    if (ticket.legacy_code) this.byLegacy.set(ticket.legacy_code, ticket.id);
    if (ticket.checked_in && !this.entries.has(ticket.id)) this.entries.set(ticket.id, { ticket_id: ticket.id, at: null, device: null });
  }

  /** Applies one sync answer; returns what changed, for storage. */
  applySync(sync: CheckinSyncResponse): { tickets: CheckinTicketView[]; entries: DoorEntry[] } {
    this.list = sync.list;
    const entries: DoorEntry[] = [];
    for (const ticket of sync.tickets) {
      const had = this.entries.has(ticket.id);
      this.putTicket(ticket);
      if (!had && this.entries.has(ticket.id)) entries.push(this.entries.get(ticket.id)!);
    }
    for (const revocation of sync.revocations) this.revocations.set(revocation.ticket_id, revocation.reason);
    return { tickets: sync.tickets.map((t) => this.tickets.get(t.id)!), entries };
  }

  /** The ticket a code names: a signed code that verifies, a folio typed by hand, or an old random secret; null = unknown. */
  async identify(code: string, verify: CodeVerifier): Promise<IdentifiedTicket | null> {
    const text = code.trim();
    const signed = await verify(text);
    if (signed) {
      const synced = this.tickets.get(signed.ticketId);
      if (synced) return { ticket: synced };
      // Issued after the last sync: the signature says it exists; its name comes with the next sync.
      const sameType = [...this.tickets.values()].find((t) => t.type === signed.ticketType);
      return {
        ticket: { id: signed.ticketId, folio: '', type: signed.ticketType, type_name: sameType?.type_name ?? '', seat: signed.seat, holder: '', checked_in: false, legacy_code: null },
      };
    }
    const id = /^\d{1,9}$/.test(text) ? this.byFolio.get(Number(text)) : this.byLegacy.get(text);
    const ticket = id ? this.tickets.get(id) : undefined;
    return ticket ? { ticket } : null;
  }

  /** The verdict on an identified ticket (or null = unknown) scanned at `scannedAt`, as the server decides it. */
  decide(found: IdentifiedTicket | null, scannedAt: Date): LocalVerdict {
    if (!found) return { verdict: 'unknown' };
    const ticket = found.ticket;
    const reason = this.revocations.get(ticket.id);
    if (reason) return { verdict: 'revoked', ticket, revoked_reason: reason };
    const list = this.list;
    if (list && !list.ticket_types.includes(ticket.type)) return { verdict: 'wrong_list', ticket };
    if (list?.opens_at && scannedAt.getTime() < Date.parse(list.opens_at)) return { verdict: 'not_open', ticket };
    if (list?.closes_at && scannedAt.getTime() > Date.parse(list.closes_at)) return { verdict: 'closed', ticket };
    const entry = this.entries.get(ticket.id);
    if (!entry) return { verdict: 'ok', ticket: { ...ticket, checked_in: true } };
    return { verdict: 'already_used', ticket, ...(entry.at && entry.device ? { first_entry: { at: entry.at, device: entry.device } } : {}) };
  }

  /** Records an admission made here; returns the entry to store. */
  admit(ticket: CheckinTicketView, at: string, device: string): DoorEntry {
    const entry: DoorEntry = { ticket_id: ticket.id, at, device };
    this.entries.set(ticket.id, entry);
    this.tickets.set(ticket.id, { ...ticket, checked_in: true });
    return entry;
  }

  /**
   * The server's answer to an uploaded scan wins: its ticket replaces ours, its first entry replaces the one we
   * recorded, a revocation is kept. Returns the entry to store, if it changed.
   */
  applyResult(result: CheckinScanResult): DoorEntry | null {
    if (result.revoked_reason && result.ticket) this.revocations.set(result.ticket.id, result.revoked_reason);
    if (!result.ticket) return null;
    const id = result.ticket.id;
    if (result.verdict === 'already_used' && result.first_entry) {
      const entry: DoorEntry = { ticket_id: id, at: result.first_entry.at, device: result.first_entry.device };
      this.entries.set(id, entry);
      this.putTicket({ ...result.ticket, checked_in: true });
      return entry;
    }
    if (this.tickets.has(id) || result.verdict === 'ok') this.putTicket(result.ticket);
    return null;
  }

  /** Admitted / total of the list's tickets, revoked ones left out of both. */
  counts(): { admitted: number; total: number } {
    let admitted = 0;
    let total = 0;
    for (const ticket of this.tickets.values()) {
      if (this.revocations.has(ticket.id)) continue;
      total += 1;
      if (ticket.checked_in) admitted += 1;
    }
    return { admitted, total };
  }

  /** Tickets by folio (digits) or holder name, for a code that does not read while offline (at most `limit`). */
  search(query: string, limit = 20): CheckinTicketView[] {
    const text = query.trim().toLocaleLowerCase();
    if (!text) return [];
    const folio = /^\d{1,9}$/.test(text) ? Number(text) : null;
    const found: CheckinTicketView[] = [];
    for (const ticket of this.tickets.values()) {
      if (folio !== null ? Number(ticket.folio) === folio : ticket.holder.toLocaleLowerCase().includes(text)) found.push(ticket);
      if (found.length >= limit) break;
    }
    return found;
  }
}
