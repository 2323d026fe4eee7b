/** The link of a hidden ticket type, with its access code, as an import answers it. */
export interface HiddenTicketLink {
  ticket_id: number;
  name: string;
  link: string;
}

/** `PUT /api/admin/events/{url}` (201 created, 200 updated); the body is an event file. */
export interface ImportEventResponse {
  url: string;
  created: boolean;
  version: number;
  tickets: number;
  productos: number;
  hidden_links: HiddenTicketLink[];
}

/** One dead-lettered e-mail, with what an operator needs to find its cause. */
export interface DeadMailView {
  id: string;
  dedupe_key: string;
  kind: 'tickets' | 'refund' | 'cancelled' | 'order_link' | 'transfer' | 'invoice' | 'waiting_confirm' | 'waiting_offer';
  /** Null for a waiting-list confirmation (no purchase yet). */
  purchase_id: string | null;
  recipient: string;
  attempts: number;
  error: string | null;
  last_attempt_at: string | null;
  created_at: string;
}

/** `GET /api/admin/outbox/failed`. */
export interface DeadMailListResponse {
  messages: DeadMailView[];
}

/** `POST /api/admin/outbox/{id}/retry`. */
export interface RequeueMailResponse {
  id: string;
  status: 'queued';
}

/** `POST /api/admin/purchases/{purchase_id}/cancel`: `reason` is kept with the change and told to the buyer. */
export interface CancelPurchaseRequest {
  refund: boolean;
  reason: string;
}

/** The purchase after the cancel: `refund` none (not asked), owed (asked, the provider not done yet: retried) or done. */
export interface CancelPurchaseResponse {
  purchase_id: string;
  status: 'cancelled' | 'refunded';
  refund: 'none' | 'owed' | 'done';
}
