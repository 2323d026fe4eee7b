import type { EventDiffLine, EventDiffResponse, EventVersionListResponse, EventVersionResponse, EventVersionView, ImportEventResponse } from '../../shared/api';
import type { ProblemLang } from '../../shared/event-file/event-file-problem';
import type { EventFile } from '../../shared/event-file/event-file.types';
import { starterEvent } from '../cli/event-new';
import type { AppContext } from '../context';
import { errors } from '../http/app-error';
import type { AdminActor } from '../operators/admin-access';
import { findEventByUrl, type EventRow } from '../repositories/event.repository';
import { findEventVersion, listEventVersions, type EventVersionRow, type EventVersionSummary } from '../repositories/event-version.repository';
import { diffOffThread, MAX_DIFF_EDITS } from './event-diff';
import { importEvent, type VersionAuthor } from './event-import.service';

/** How a stored version names who imported it through the admin API. */
export function versionAuthorOf(actor: AdminActor): VersionAuthor {
  return actor.kind === 'token' ? 'token' : `operator:${actor.operatorId}`;
}

const view = (row: EventVersionSummary): EventVersionView => ({ version: row.version, at: row.imported_at, by: row.imported_by, size: row.size_bytes });

async function eventOf(ctx: AppContext, url: string): Promise<EventRow> {
  const event = await findEventByUrl(ctx.db.kysely, url);
  if (!event) throw errors.eventNotFound();
  return event;
}

/** A stored version of an event (404 EVENT_FILE_NOT_STORED when it was imported before versions were kept or never existed). */
async function storedVersion(ctx: AppContext, event: EventRow, version: number): Promise<EventVersionRow> {
  const row = await findEventVersion(ctx.db.kysely, event.id, version);
  if (!row) throw errors.eventFileNotStored();
  return row;
}

/** The stored versions of an event, newest first. */
export async function eventVersions(ctx: AppContext, url: string): Promise<EventVersionListResponse> {
  const event = await eventOf(ctx, url);
  return { url, current_version: event.version, versions: (await listEventVersions(ctx.db.kysely, event.id)).map(view) };
}

/** One stored version with its file; without `version`, the current one. */
export async function eventVersion(ctx: AppContext, url: string, version?: number): Promise<EventVersionResponse & { text: string }> {
  const event = await eventOf(ctx, url);
  const row = await storedVersion(ctx, event, version ?? event.version);
  return { ...view(row), file: JSON.parse(row.file_text) as Record<string, unknown>, text: row.file_text };
}

const LINE_KINDS: Record<string, EventDiffLine['kind']> = { ' ': 'context', '+': 'added', '-': 'removed' };

/**
 * The unified diff of two stored versions' files, and its hunks line by line (jsdiff's "\ No newline" marks
 * left out); 422 EVENT_DIFF_TOO_LARGE when more than `maxEditLength` lines differ.
 */
export async function eventDiff(ctx: AppContext, url: string, from: number, to: number, maxEditLength = MAX_DIFF_EDITS): Promise<EventDiffResponse> {
  const event = await eventOf(ctx, url);
  const [before, after] = [await storedVersion(ctx, event, from), await storedVersion(ctx, event, to)];
  const diff = await diffOffThread(`${url} v${from}`, `${url} v${to}`, before.file_text, after.file_text, maxEditLength);
  if (!diff) throw errors.eventDiffTooLarge(maxEditLength);
  const { patch, text } = diff;
  return {
    from,
    to,
    patch: text,
    hunks: patch.hunks.map((hunk) => ({
      old_start: hunk.oldStart,
      old_lines: hunk.oldLines,
      new_start: hunk.newStart,
      new_lines: hunk.newLines,
      lines: hunk.lines.filter((line) => line[0] in LINE_KINDS).map((line) => ({ kind: LINE_KINDS[line[0]], text: line.slice(1) })),
    })),
  };
}

/** Imports a stored version's file again, as a new version (the import's checks apply: a capacity below what is sold is refused). */
export async function rollbackEvent(ctx: AppContext, url: string, version: number, by: VersionAuthor, lang: ProblemLang): Promise<ImportEventResponse> {
  const event = await eventOf(ctx, url);
  const row = await storedVersion(ctx, event, version);
  return importEvent(ctx, JSON.parse(row.file_text), { by, lang });
}

/** A new event from `npm run event:new`'s starter file under `name`; 409 EVENT_EXISTS when the url is taken. */
export async function createEventFromStarter(ctx: AppContext, url: string, name: string, by: VersionAuthor): Promise<ImportEventResponse> {
  const { $schema: _path, ...starter } = starterEvent(url, `${url}.json`);
  const file: EventFile = { ...starter, event: { ...starter.event, name } };
  return importEvent(ctx, file, { by, createOnly: true });
}
