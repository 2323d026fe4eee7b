import { action, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { CheckinScan, CheckinScanResult, CheckinTicketView, ScanDirection } from '../../shared/api';
import { createCodeVerifier } from './codeVerifier';
import { DoorRequestError, type DoorApi } from './doorApi';
import { loadDoor, pair, saveMeta, saveScan, saveSync, saveUploaded, type DoorDb, type DoorMeta } from './doorDb';
import { DoorList, type CodeVerifier, type DoorEntry, type LocalVerdict } from './doorList';

/** How often a scanner online asks what changed. */
export const SYNC_EVERY_MS = 4000;
/** Most scans one upload sends (the route takes 200). */
const UPLOAD_BATCH = 200;
const MAX_CODE = 300;

export type DoorStatus = 'loading' | 'unpaired' | 'revoked' | 'ready';

/** The verdict on screen; `id` tells two equal verdicts in a row apart (each is announced and sounded). */
export interface ShownVerdict extends LocalVerdict {
  id: number;
  nonce: string;
  direction: ScanDirection;
}

/**
 * The door scanner's state: pairing, the sync every few seconds while online, each scan decided here at once
 * (`DoorList`) and queued, the queue uploaded whenever online — the server's answer wins and, for the verdict on
 * screen, replaces it.
 */
export class DoorStore {
  status: DoorStatus = 'loading';
  online = true;
  pending = 0;
  admitted = 0;
  total = 0;
  deviceName = '';
  listName = '';
  /** The list lets a ticket scanned out enter again: the page offers the in/out switch. */
  reentry = false;
  /** The switch's position, kept with the pairing; scans go out only on a re-entry list. */
  direction: ScanDirection = 'in';
  verdict: ShownVerdict | null = null;
  searchResults: CheckinTicketView[] | null = null;
  private readonly door = new DoorList();
  private verify: CodeVerifier = async () => null;
  private meta: DoorMeta | null = null;
  private queue: (CheckinScan & { seq: number })[] = [];
  private timer: ReturnType<typeof setInterval> | undefined;
  private uploading = false;
  private syncing = false;
  private shown = 0;

  constructor(
    private readonly db: DoorDb,
    private readonly api: DoorApi,
    private readonly onVerdict: (verdict: ShownVerdict) => void = () => undefined,
  ) {
    makeObservable<DoorStore, 'refresh'>(this, {
      status: observable,
      online: observable,
      pending: observable,
      admitted: observable,
      total: observable,
      deviceName: observable,
      listName: observable,
      reentry: observable,
      direction: observable,
      verdict: observableRef,
      searchResults: observableRef,
      refresh: action,
      setOnline: action,
      dismiss: action,
      setDirection: action,
    });
  }

  get token(): string {
    return this.meta?.token ?? '';
  }

  /** Pairs with the token of the address's fragment (if any), loads what was kept, then syncs while online. */
  async start(fragmentToken: string, online: boolean): Promise<void> {
    if (fragmentToken) await pair(this.db, fragmentToken);
    const kept = await loadDoor(this.db);
    if (!kept.meta) {
      runInAction(() => (this.status = 'unpaired'));
      return;
    }
    this.meta = kept.meta;
    this.direction = kept.meta.direction ?? 'in';
    this.door.list = kept.meta.list;
    for (const entry of kept.entries) this.door.entries.set(entry.ticket_id, entry);
    for (const ticket of kept.tickets) this.door.putTicket(ticket);
    for (const revocation of kept.revocations) this.door.revocations.set(revocation.ticket_id, revocation.reason);
    this.queue = kept.queue;
    this.verify = createCodeVerifier(kept.meta.keys);
    runInAction(() => {
      this.status = 'ready';
      this.online = online;
    });
    this.refresh();
    this.timer = setInterval(() => void this.tick(), SYNC_EVERY_MS);
    await this.tick();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  setOnline(online: boolean): void {
    this.online = online;
    if (online) void this.tick();
  }

  dismiss(): void {
    this.verdict = null;
  }

  /** Turns the in/out switch; kept across reloads with the pairing. */
  setDirection(direction: ScanDirection): void {
    this.direction = direction;
    if (!this.meta) return;
    this.meta = { ...this.meta, direction };
    void saveMeta(this.db, this.meta);
  }

  /** One scan: decided here from the synced list, shown, recorded and queued; uploaded at once when online. */
  async scan(rawCode: string): Promise<void> {
    const code = rawCode.trim().slice(0, MAX_CODE);
    if (!code || this.status !== 'ready') return;
    const started = performance.now();
    const scannedAt = new Date();
    const direction: ScanDirection = this.reentry ? this.direction : 'in';
    const decided = this.door.decide(await this.door.identify(code, this.verify), scannedAt, direction);
    let entry: DoorEntry | null = null;
    if (decided.verdict === 'ok' && decided.ticket) {
      entry = direction === 'out' ? this.door.leave(decided.ticket, scannedAt.toISOString()) : this.door.admit(decided.ticket, scannedAt.toISOString(), this.deviceName);
    }
    const scan = { nonce: crypto.randomUUID(), code, scanned_at: scannedAt.toISOString(), ...(direction === 'out' ? { direction } : {}), seq: Date.now() * 1000 + (this.shown % 1000) };
    this.queue.push(scan);
    this.show({ ...decided, nonce: scan.nonce, direction });
    // From the code to the verdict on screen (`npm run bench -- checkin-offline` reads it).
    performance.measure('checkin:verdict', { start: started });
    this.refresh();
    await saveScan(this.db, scan, entry, entry ? this.door.tickets.get(entry.ticket_id) ?? null : null);
    if (this.online) void this.upload();
  }

  /** Tickets by folio or name: the server's answer online, the synced list offline (or when the server does not answer). */
  async search(query: string): Promise<void> {
    const text = query.trim();
    if (!text) return;
    let found: CheckinTicketView[];
    try {
      found = this.online ? (await this.api.search(text.slice(0, 100))).tickets : this.door.search(text);
    } catch {
      found = this.door.search(text);
    }
    runInAction(() => (this.searchResults = found));
  }

  private show(verdict: Omit<ShownVerdict, 'id'>): void {
    this.shown += 1;
    const shown = { ...verdict, id: this.shown };
    runInAction(() => (this.verdict = shown));
    this.onVerdict(shown);
  }

  private refresh(): void {
    const { admitted, total } = this.door.counts();
    this.admitted = admitted;
    this.total = total;
    this.pending = this.queue.length;
    this.deviceName = this.meta?.device?.name ?? '';
    this.listName = this.door.list?.name ?? '';
    this.reentry = this.door.list?.allow_reentry ?? false;
  }

  private async tick(): Promise<void> {
    if (!this.online || this.status !== 'ready') return;
    await this.sync();
    await this.upload();
  }

  /** Asks what changed since the cursor (again at once while the server says `more`). */
  private async sync(): Promise<void> {
    if (this.syncing || !this.meta) return;
    this.syncing = true;
    try {
      for (;;) {
        const answer = await this.api.sync(this.meta.cursor);
        const changed = this.door.applySync(answer);
        this.meta = { ...this.meta, cursor: answer.cursor, device: answer.device, list: answer.list, keys: answer.keys };
        this.verify = createCodeVerifier(answer.keys);
        await saveSync(this.db, this.meta, changed.tickets, answer.revocations, changed.entries);
        runInAction(() => this.refresh());
        if (!answer.more) break;
      }
    } catch (error) {
      this.failed(error);
      // A cursor the server no longer reads: start over from the whole list.
      if (error instanceof DoorRequestError && error.status === 400 && this.meta) this.meta = { ...this.meta, cursor: '' };
    } finally {
      this.syncing = false;
    }
  }

  /** Sends the queue in order; each answer updates the list and, for the scan on screen, the verdict. */
  private async upload(): Promise<void> {
    if (this.uploading || this.queue.length === 0) return;
    this.uploading = true;
    try {
      while (this.queue.length > 0 && this.online) {
        const batch = this.queue.slice(0, UPLOAD_BATCH);
        let results: CheckinScanResult[];
        try {
          results = (await this.api.scans(batch.map(({ seq: _seq, ...scan }) => scan))).results;
        } catch (error) {
          this.failed(error);
          // A batch the server refuses as malformed would block the queue for ever; anything else is tried again.
          if (!(error instanceof DoorRequestError && error.status === 400)) return;
          results = [];
        }
        const entries: DoorEntry[] = [];
        const sentScans = new Map(batch.map((s) => [s.nonce, s]));
        for (const result of results) {
          const entry = this.door.applyResult(result, sentScans.get(result.nonce));
          if (entry) entries.push(entry);
          const onScreen = this.verdict;
          if (onScreen?.nonce === result.nonce && onScreen.verdict !== result.verdict) this.show({ ...result, direction: onScreen.direction });
        }
        const sent = new Set(batch.map((s) => s.nonce));
        this.queue = this.queue.filter((s) => !sent.has(s.nonce));
        const tickets = results.flatMap((r) => (r.ticket && this.door.tickets.has(r.ticket.id) ? [this.door.tickets.get(r.ticket.id)!] : []));
        const revocations = results.flatMap((r) => (r.ticket && r.revoked_reason ? [{ ticket_id: r.ticket.id, reason: r.revoked_reason }] : []));
        await saveUploaded(this.db, [...sent], entries, tickets, revocations);
        runInAction(() => this.refresh());
      }
    } finally {
      this.uploading = false;
    }
  }

  private failed(error: unknown): void {
    if (error instanceof DoorRequestError && error.status === 401) {
      runInAction(() => (this.status = 'revoked'));
      this.stop();
    }
  }
}
