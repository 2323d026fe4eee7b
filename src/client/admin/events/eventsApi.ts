import type { RJSFSchema } from '@rjsf/utils';
import {
  PREVIEW_API,
  type AdminEventListResponse,
  type CreateEventRequest,
  type EventDiffResponse,
  type EventPreviewResponse,
  type EventVersionListResponse,
  type ImportEventResponse,
} from '../../../shared/api';
import type { PreviewApi } from '../../preview/previewApi';
import type { AdminApi } from '../adminApi';

/** An event file as the editor holds it: the parsed JSON of `…/file`. */
export type EventFile = Record<string, unknown>;

const eventPath = (url: string) => `/api/admin/events/${encodeURIComponent(url)}`;

/** Where the stored current file downloads as `{url}.json`. */
export const eventDownloadUrl = (url: string) => `${eventPath(url)}/file?download=1`;

/** The Events page's and the editor's calls, over the console's `request` (session cookie and CSRF header). */
export function createEventsApi({ request }: Pick<AdminApi, 'request'>) {
  return {
    list: () => request<AdminEventListResponse>('GET', '/api/admin/events'),
    create: (body: CreateEventRequest) => request<ImportEventResponse>('POST', '/api/admin/events', body),
    file: (url: string) => request<EventFile>('GET', `${eventPath(url)}/file`),
    /** Imports the file as the event's next version (the editor's Save, the page's Import). */
    save: (url: string, file: EventFile) => request<ImportEventResponse>('PUT', eventPath(url), file),
    versions: (url: string) => request<EventVersionListResponse>('GET', `${eventPath(url)}/versions`),
    diff: (url: string, from: number, to: number) => request<EventDiffResponse>('GET', `${eventPath(url)}/diff?from=${from}&to=${to}`),
    rollback: (url: string, version: number) => request<ImportEventResponse>('POST', `${eventPath(url)}/rollback`, { version }),
    schema: () => request<RJSFSchema>('GET', '/api/admin/event-schema'),
    /** The preview client's calls with the operator's session instead of the bearer token (no watched file here). */
    preview: (): PreviewApi => ({
      preview: (source: string) => request<EventPreviewResponse>('POST', PREVIEW_API.preview, { source }),
      watched: () => Promise.reject(new Error('The console previews the editor’s form, not a watched file')),
    }),
  };
}

export type EventsApi = ReturnType<typeof createEventsApi>;
