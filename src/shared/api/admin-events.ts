/** One event of `GET /api/admin/events`, with its figures (money in pesos). */
export interface AdminEventSummary {
  url: string;
  name: string;
  starts_at: string | null;
  version: number;
  /** Ticket units paid for (counted across every ticket type, removed ones included). */
  tickets_sold: number;
  /** Ticket units in holds that have not run out. */
  tickets_held: number;
  /** Tickets admitted at the door at least once. */
  checked_in: number;
  /** Paid minus given back: approved payments, less refunds at the provider and payouts confirmed by hand. */
  revenue: number;
}

/** `GET /api/admin/events`: the events the caller may see, by url. */
export interface AdminEventListResponse {
  events: AdminEventSummary[];
}

/** `POST /api/admin/events`: a new event from the starter file (`npm run event:new`'s). */
export interface CreateEventRequest {
  url: string;
  name: string;
}

/** Who imported a stored version: `cli`, `token` (ADMIN_TOKEN), `operator:{id}` or `demo`. */
export interface EventVersionView {
  version: number;
  /** When it was imported (ISO 8601, UTC). */
  at: string;
  by: string;
  /** Bytes of its stored file. */
  size: number;
}

/**
 * `GET /api/admin/events/{url}/versions`, newest first. An event imported before versions were kept
 * has none until its next import (`current_version` is then above every stored one).
 */
export interface EventVersionListResponse {
  url: string;
  current_version: number;
  versions: EventVersionView[];
}

/** `GET /api/admin/events/{url}/versions/{v}`: the version and its stored file (parsed). */
export interface EventVersionResponse extends EventVersionView {
  file: Record<string, unknown>;
}

/** One line of a diff hunk: unchanged, only in `to` (added) or only in `from` (removed). */
export interface EventDiffLine {
  kind: 'context' | 'added' | 'removed';
  text: string;
}

/** A hunk of the diff: where it starts in each file (1-based) and how many lines it spans there. */
export interface EventDiffHunk {
  old_start: number;
  old_lines: number;
  new_start: number;
  new_lines: number;
  lines: EventDiffLine[];
}

/** `GET /api/admin/events/{url}/diff?from=&to=`: the unified diff of the two stored files and its hunks. */
export interface EventDiffResponse {
  from: number;
  to: number;
  /** A unified diff (`--- {url} v{from}` / `+++ {url} v{to}`), as `diff -u` or `git apply` read it. */
  patch: string;
  hunks: EventDiffHunk[];
}

/** `POST /api/admin/events/{url}/rollback`: imports that stored version's file as a new version. */
export interface RollbackEventRequest {
  version: number;
}

