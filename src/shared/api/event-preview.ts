/**
 * The contract of the event preview (`POST /api/admin/preview`, and `GET /api/admin/preview/file`
 * of `npm run event:preview`): what an unsaved event file would show, and every problem in it.
 */

/** `POST /api/admin/preview`: the event file's text, as the operator pasted or uploaded it. */
export interface EventPreviewRequest {
  source: string;
}

/** One problem `event:check` finds: a JSON pointer and its sentence in both languages. */
export interface EventPreviewProblem {
  pointer: string;
  es: string;
  en: string;
}

/** A ticket type as the ticket page would list it. */
export interface EventPreviewTicket {
  id: number;
  name: string;
  /** Pesos, as the event file writes them. */
  price: number;
  description: string | null;
  minimum: number;
  maximum: number;
  hidden: boolean;
  /** The attendee form compiled: its validator is in the preview's module. */
  hasForm: boolean;
}

/** What of the file could be read: the event's name and the ticket types that make sense alone. */
export interface EventPreviewEvent {
  name: string;
  currency: string;
  tickets: EventPreviewTicket[];
}

/** The preview of one file. */
export interface EventPreviewResponse {
  problems: EventPreviewProblem[];
  event: EventPreviewEvent | null;
  /**
   * Same-origin URL of the ES module with each compiled form's validator and schema (the storefront's
   * attendee-module contract); null when no form compiled.
   */
  module: string | null;
}

/** `GET /api/admin/preview/file`: the watched file's preview, numbered by change. */
export interface WatchedPreviewResponse {
  file: string;
  version: number;
  preview: EventPreviewResponse;
}

/** Where the preview page's calls go. */
export const PREVIEW_API = {
  preview: '/api/admin/preview',
  file: '/api/admin/preview/file',
  module: (id: string) => `/api/admin/preview/modules/${id}.js`,
} as const;
