import type { CheckinListView, CheckinScan, CheckinScanResult, CheckinSyncResponse, CheckinTicketView, RevocationReason, ScanDirection } from '../../shared/api';
import type { CodePayload } from '../../shared/checkin/ticket-code';

/**
 * An entry this scanner knows of: when, and through which device (null when the sync only said "inside");
 * `left_at`, on a re-entry list, when it was scanned out (it may enter again).
 */
export interface DoorEntry {
  ticket_id: string;
  at: string | null;
  device: string | null;
  left_at?: string | null;
}

const inside = (entry: DoorEntry | undefined) => !!entry && !entry.left_at;

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
 * window, then one entry per ticket (on a re-entry list, one more after each `out` scan). Pure: the page keeps it in memory (a verdict reads no storage) and
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
    const entry = this.entries.get(ticket.id);
    // A ticket admitted here but not uploaded yet stays inside whatever an older sync says.
    this.tickets.set(ticket.id, { ...ticket, checked_in: ticket.checked_in || inside(entry) });
    if (known && known.folio !== ticket.folio) this.byFolio.delete(Number(known.folio));
    this.byFolio.set(Number(ticket.folio), ticket.id);
    if (ticket.legacy_code) this.byLegacy.set(ticket.legacy_code, ticket.id);
    // Inside by the server's word (after an exit: entered again through another door), the first entry's time kept.
    if (ticket.checked_in && !inside(entry)) this.entries.set(ticket.id, { ticket_id: ticket.id, at: entry?.at ?? null, device: entry?.device ?? null, left_at: null });
  }

  /** Applies one sync answer; returns what changed, for storage. */
  applySync(sync: CheckinSyncResponse): { tickets: CheckinTicketView[]; entries: DoorEntry[] } {
    this.list = sync.list;
    const entries: DoorEntry[] = [];
    for (const ticket of sync.tickets) {
      const before = this.entries.get(ticket.id);
      this.putTicket(ticket);
      const after = this.entries.get(ticket.id);
      if (after && after !== before) entries.push(after);
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

  /** The verdict on an identified ticket (or null = unknown) scanned at `scannedAt` going `direction`, as the server decides it. */
  decide(found: IdentifiedTicket | null, scannedAt: Date, direction: ScanDirection = 'in'): LocalVerdict {
    if (!found) return { verdict: 'unknown' };
    const ticket = found.ticket;
    const reason = this.revocations.get(ticket.id);
    if (reason) return { verdict: 'revoked', ticket, revoked_reason: reason };
    const list = this.list;
    if (list && !list.ticket_types.includes(ticket.type)) return { verdict: 'wrong_list', ticket };
    if (list?.opens_at && scannedAt.getTime() < Date.parse(list.opens_at)) return { verdict: 'not_open', ticket };
    if (list?.closes_at && scannedAt.getTime() > Date.parse(list.closes_at)) return { verdict: 'closed', ticket };
    if (direction === 'out') return { verdict: 'ok', ticket: { ...ticket, checked_in: false } };
    const entry = this.entries.get(ticket.id);
    // An entry scanned out exists only on a re-entry list (`leave`).
    if (!entry || entry.left_at) return { verdict: 'ok', ticket: { ...ticket, checked_in: true } };
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
   * Records an exit (an `out` scan let through) at `at`: on a re-entry list the ticket's open entry is marked left,
   * so it may enter again; elsewhere nothing changes, as on the server. Returns the entry to store, if it changed.
   */
  leave(ticket: CheckinTicketView, at: string): DoorEntry | null {
    const entry = this.entries.get(ticket.id);
    if (!this.list?.allow_reentry || !inside(entry)) return null;
    const left: DoorEntry = { ...entry!, left_at: at };
    this.entries.set(ticket.id, left);
    this.tickets.set(ticket.id, { ...(this.tickets.get(ticket.id) ?? ticket), checked_in: false });
    return left;
  }

  /**
   * The server's answer to an uploaded scan (`sent`) wins: its ticket replaces ours, its first entry replaces the
   * one we recorded, an exit it let through is recorded, a revocation is kept. Returns the entry to store, if it changed.
   */
  applyResult(result: CheckinScanResult, sent?: Pick<CheckinScan, 'scanned_at' | 'direction'>): DoorEntry | null {
    if (result.revoked_reason && result.ticket) this.revocations.set(result.ticket.id, result.revoked_reason);
    if (!result.ticket) return null;
    if (sent?.direction === 'out') return result.verdict === 'ok' ? this.leave(result.ticket, sent.scanned_at) : null;
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
