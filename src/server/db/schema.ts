import type { Generated } from 'kysely';

/**
 * Table types for Kysely. Timestamps are ISO-8601 UTC strings (`toISOString()`),
 * which compare correctly as text in both SQLite and PostgreSQL; money is integer
 * centavos; JSON documents are stored as text and parsed by the repositories.
 */
export interface Database {
  events: EventTable;
  ticket_types: TicketTypeTable;
  products: ProductTable;
  discount_codes: DiscountCodeTable;
  purchases: PurchaseTable;
  purchase_lines: PurchaseLineTable;
  used_tokens: UsedTokenTable;
  payment_attempts: PaymentAttemptTable;
  webhook_inbox: WebhookInboxTable;
  emissions: EmissionTable;
  tickets: TicketTable;
  mail_outbox: MailOutboxTable;
  waiting_list_entries: WaitingListEntryTable;
  purchase_access_keys: PurchaseAccessKeyTable;
  purchase_seats: PurchaseSeatsTable;
  order_status_changes: OrderStatusChangeTable;
  checkin_keys: CheckinKeyTable;
  ticket_revocations: TicketRevocationTable;
  checkin_devices: CheckinDeviceTable;
  checkin_scans: CheckinScanTable;
  checkin_entries: CheckinEntryTable;
  checkin_conflicts: CheckinConflictTable;
  wallet_apple_registrations: WalletAppleRegistrationTable;
  wallet_pass_changes: WalletPassChangeTable;
  order_events: OrderEventTable;
  buyer_cancellations: BuyerCancellationTable;
  payouts: PayoutTable;
  invoices: InvoiceTable;
  invoiced_purchases: InvoicedPurchaseTable;
  fiscal_profiles: FiscalProfileTable;
  webhook_endpoints: WebhookEndpointTable;
  webhook_deliveries: WebhookDeliveryTable;
  webhook_attempts: WebhookAttemptTable;
  event_versions: EventVersionTable;
  operators: OperatorTable;
  operator_password_tokens: OperatorPasswordTokenTable;
  operator_sessions: OperatorSessionTable;
  audit_log: AuditLogTable;
  waiting_rooms: WaitingRoomTable;
  waiting_room_entries: WaitingRoomEntryTable;
  waiting_room_draw_holds: WaitingRoomDrawHoldTable;
}

export interface EventTable {
  id: Generated<number>;
  url: string;
  name: string;
  image_path: string | null;
  config_json: string;
  html_json: string;
  hold_minutes: number;
  /** The event file's `hold_limits` (JSON; `{}` = the server's defaults). */
  hold_limits_json: Generated<string>;
  /** The event file's `starts_at` / `ends_at`, as written (ISO 8601 with the event's offset); null when not given. */
  starts_at: string | null;
  ends_at: string | null;
  /** The event file's `changes_until` (until when buyers may correct their answers); null: 24 h before `starts_at`. */
  changes_until: string | null;
  /** The event file's `venue` (JSON), null when not given. */
  venue_json: string | null;
  /** The event file's `pass_colors` (JSON, as written), null when not given. */
  pass_colors_json: string | null;
  /** The event file's `share` (JSON), null when not given. */
  share_json: string | null;
  /** The event file's `checkin_lists` (JSON), null when not given (one list `all`). */
  checkin_lists_json: Generated<string | null>;
  /** The event file's `transfers` (JSON), null when absent (`orders/order-policy.ts` gives the defaults). */
  transfers_json: Generated<string | null>;
  /** The event file's `refund_policy` (JSON: `{until, fee_percent}` or "none"), null when absent (none). */
  refund_policy_json: Generated<string | null>;
  /** The event file's `invoicing` (JSON), null when absent (`invoicing/settings.ts` gives the defaults). */
  invoicing_json: Generated<string | null>;
  /** The event file's `installments` (JSON), null when absent (one payment; `payments/installments.ts`). */
  installments_json: Generated<string | null>;
  /** The event file's `waiting_list` (JSON), null when absent (no list; migration 0053). */
  waiting_list_json: Generated<string | null>;
  /** Bumped on every import, so caches keyed by (event, version) go stale. */
  version: number;
  updated_at: string;
}

export interface TicketTypeTable {
  id: Generated<number>;
  event_id: number;
  /** The `id` the operator wrote in the event file; the API speaks this id. */
  external_id: number;
  name: string;
  price_cents: number;
  description: string;
  minimum: number;
  maximum_per_order: number;
  capacity: number;
  /** Units paid for; raised in the same transaction that confirms a payment. */
  sold: Generated<number>;
  /** Units in counted holds (purchases with `stock_counted` = 1); moved in the same transactions that hold, pay, cancel or release. */
  held: Generated<number>;
  hidden: number;
  /** Unguessable code that unlocks a hidden type (its link carries it); NULL for listed types. */
  access_code: string | null;
  /** 0 once the operator removed it from the file; kept because purchases point at it. */
  active: number;
  /** A volume discount (the event file's `md`): `value` off (percent or pesos) from `minimum` units on. */
  volume_discount: number;
  volume_discount_value: number | null;
  volume_discount_is_percentage: number;
  volume_discount_minimum: number | null;
  /** The attendee fields of each unit (JSON array; `[]` = no form). */
  form_json: string;
  sort_order: number;
}

export interface ProductTable {
  id: Generated<number>;
  event_id: number;
  external_id: number;
  name: string;
  price_cents: number;
  minimum: number;
  maximum_per_order: number;
  stock: number;
  /** Units paid for; raised in the same transaction that confirms a payment. */
  sold: Generated<number>;
  /** Units in counted holds (purchases with `stock_counted` = 1), like `ticket_types.held`. */
  held: Generated<number>;
  active: number;
  /** JSON array of `{ url }`. */
  images_json: string;
  description: string;
  /** JSON array of the choices a buyer must make (size, colour…). */
  options_json: string;
  sort_order: number;
}

export interface DiscountCodeTable {
  id: Generated<number>;
  event_id: number;
  code: string;
  percent: number | null;
  amount_cents: number | null;
  max_uses: number | null;
  valid_from: string | null;
  valid_until: string | null;
  ticket_ids_json: string | null;
  active: number;
}

export type PurchaseStatus = 'held' | 'pending' | 'paid' | 'partially_cancelled' | 'expired' | 'cancelled' | 'refunded';

export interface PurchaseTable {
  id: string;
  event_id: number;
  status: PurchaseStatus;
  /** The promoter's tag the storefront link carried (`?i=`; the API's `identificador`). */
  referrer: string | null;
  discount_code_id: number | null;
  /** Server-computed amounts in centavos (see src/shared/pricing). */
  tickets_cents: number;
  tickets_discount_cents: number;
  products_cents: number;
  comission_cents: number;
  amount_cents: number;
  amount_out_discount_cents: number;
  /** End of the hold shown to the buyer. */
  expires_at: string;
  /** Until when the lines count as a hold (a voucher deadline may extend it); NULL once paid, when `sold` counts them. */
  stock_until: string | null;
  /** 1 while the purchase's lines are in the items' `held` counters (from the hold until it is paid, cancelled or released after `stock_until`). */
  stock_counted: Generated<number>;
  /** The buyer panel (name, email, phone, lang), JSON. */
  buyer_info_json: string | null;
  /** Attendee answers per ticket type id (external) and unit, JSON. */
  form_json: string | null;
  form_completed: number;
  emission_id: string | null;
  /** Who asked for the hold (client IP, an IPv6 /64): the per-client hold cap counts by it. */
  client_key: string | null;
  /** The buyer's e-mail (trimmed, lower case) once a payment starts: the voucher cap counts by it. */
  buyer_email: string | null;
  created_at: string;
  updated_at: string;
  /** When the buyer and attendee data of a purchase that never paid were erased (the row and amounts stay). */
  data_purged_at: Generated<string | null>;
  /** The buyer's fiscal data given at the payment step (`invoicing.ask_at_checkout`), requested once paid (JSON `InvoiceRequest`; migration 0055). */
  invoice_request_json: Generated<string | null>;
  /** Generated (migration 0049): the buyer's name and e-mail lower-cased, and their phone's digits; what the operators' search reads. */
  buyer_name_key: Generated<string | null>;
  buyer_email_key: Generated<string | null>;
  buyer_phone_key: Generated<string | null>;
}

export interface PurchaseLineTable {
  id: Generated<number>;
  purchase_id: string;
  kind: 'ticket' | 'product';
  /** Internal id of the ticket type or product row. */
  item_id: number;
  quantity: number;
  unit_price_cents: number;
  options_json: string | null;
  /** Units of this line its buyer cancelled (already out of `sold`). */
  cancelled_quantity: Generated<number>;
}

/** Bot-check tokens spent when the server kept them single-use itself; nothing writes here now (siteverify does). */
export interface UsedTokenTable {
  id: string;
  expires_at: string;
}

export type PaymentProviderName = 'mercadopago' | 'paypal' | 'fintoc' | 'openpay' | 'stripe' | 'free';
/** Forward-only: created → pending → rejected | cancelled | approved → refunded (see payments/payment-state.ts). */
export type AttemptStatus = 'created' | 'pending' | 'rejected' | 'cancelled' | 'approved' | 'refunded';
export type RefundStatus = 'required' | 'in_progress' | 'done';

/** One payment at one provider for one purchase (a purchase may have several: retries, other methods). */
/** What kind of card paid, as providers tell it. */
export type CardFunding = 'credit' | 'debit' | 'prepaid';

export interface PaymentAttemptTable {
  id: string;
  purchase_id: string;
  provider: PaymentProviderName;
  /** 'live' (real provider) or 'sandbox' (the demo's stand-in; a stored value), as configured when the attempt started. */
  mode: string;
  /** What the buyer is sent to pay: preference id, order id, checkout session id, free-claim secret. Unique per provider. */
  provider_reference: string | null;
  /** The provider's payment itself once it exists: MercadoPago payment id, PayPal capture id, Fintoc payment intent id. */
  provider_payment_id: string | null;
  amount_cents: number;
  currency: string;
  status: AttemptStatus;
  status_detail: string | null;
  /** The card that paid as its provider tells it (`credit`, `debit`, `prepaid`); null for other methods or when unsaid. A debit card's CFDI is FormaPago 28. */
  card_funding: Generated<CardFunding | null>;
  /** Sent to the provider with the create call, so a retried request never creates a second payment. */
  idempotency_key: string;
  /** A cash voucher's payment deadline: the purchase keeps its stock until then. */
  deadline: string | null;
  /** The buyer's language (es/en) as the storefront said when the payment started; e-mails use it. */
  lang: string | null;
  /** Set when an approved payment must be given back (sold out after a late payment, duplicate, wrong amount). */
  refund_status: RefundStatus | null;
  refund_reason: string | null;
  refund_reference: string | null;
  /** 1 while a token payment may still be charging or settling: one per purchase (unique index), 0 once settled. */
  in_flight: Generated<number>;
  /** When the pending-work loop next re-reads this open attempt from its provider; null once settled or given up. */
  reconcile_at: string | null;
  /** What the provider reports given back of this payment (a partial refund is only recorded here); null while nothing. */
  refunded_cents: Generated<number | null>;
  /** The months of the card plan the payment was made with (checked against the provider's offer); null: one payment. */
  installments: Generated<number | null>;
  /** What the buyer pays over that plan (the amount when interest-free); null: one payment. */
  installments_total_cents: Generated<number | null>;
  created_at: string;
  updated_at: string;
}

/** Why a paid purchase was called off: its paying attempt refunded in full at the provider, or a dispute (chargeback) lost. */
export type OrderChangeReason = 'refunded' | 'dispute_lost' | 'organiser' | 'buyer';

/** Why a ticket no longer admits anyone: its order called off, or the ticket itself transferred to someone else. */
export type RevocationReason = OrderChangeReason | 'transferred';

/** An operator acting through the admin API: the automation token (ADMIN_TOKEN), or a signed-in operator by id. */
export type OperatorActor = 'token' | `operator:${string}`;

/** Who moved an order: its buyer, a payment provider's word, the organiser (rows before operators were named), an operator, or the server itself. */
export type OrderActor = 'buyer' | 'provider' | 'organiser' | 'system' | OperatorActor;

/** Why an order moved (`orders/lifecycle.ts`); a paid order called off keeps its call-off reason (`OrderChangeReason`). */
export type OrderTransitionReason =
  | OrderChangeReason
  | 'voucher_issued'
  | 'voucher_ended'
  | 'paid'
  | 'sold_out'
  | 'discount_exhausted'
  | 'started_over'
  | 'refund_done';

/** The order's history: one row per change of a purchase's status, written with the change by `orders/lifecycle.ts`. */
export interface OrderStatusChangeTable {
  id: Generated<number>;
  purchase_id: string;
  from_status: PurchaseStatus;
  to_status: PurchaseStatus;
  reason: OrderTransitionReason;
  actor: OrderActor;
  attempt_id: string | null;
  /** The operator's words when the order was cancelled by hand (`organiser`); null otherwise. */
  note: Generated<string | null>;
  created_at: string;
}

/** Every webhook delivery accepted after its signature check, deduplicated by the provider's event id. */
export interface WebhookInboxTable {
  id: Generated<number>;
  provider: string;
  event_id: string;
  event_type: string;
  resource_id: string | null;
  body: string;
  status: 'received' | 'processed' | 'ignored' | 'failed';
  error: string | null;
  received_at: string;
  processed_at: string | null;
}

/** The one emission of a purchase: `purchase_id` is unique, so tickets are emitted once, whatever races. */
export interface EmissionTable {
  id: string;
  purchase_id: string;
  attempt_id: string;
  created_at: string;
}

/** One ticket per unit bought: a per-event folio and an unguessable QR secret. */
export interface TicketTable {
  id: string;
  emission_id: string;
  purchase_id: string;
  event_id: number;
  ticket_type_id: number;
  /** Position of this unit within the purchase (0-based); unique per purchase. */
  unit_index: number;
  /** Serial number within the event, printed on the ticket. */
  folio: number;
  qr_secret: string;
  attendee_name: string;
  /** Seated events: the label of the place this ticket admits to ('A-12'; an area's label); null otherwise. */
  seat_label: Generated<string | null>;
  /** The ticket a transfer replaced with this one (its code revoked); null for a ticket of the emission. */
  transferred_from: Generated<string | null>;
  /** Whom a transfer gave this ticket to (their e-mail); null for the buyer's own tickets. */
  holder_email: Generated<string | null>;
  /** The new holder's answers to the ticket type's attendee form (JSON), judged like the purchase's; null for the buyer's own tickets. */
  holder_answers_json: Generated<string | null>;
  /** Generated (migration 0049): `attendee_name` lower-cased, what the operators' search reads. */
  attendee_name_key: Generated<string | null>;
  created_at: string;
}

/** Transactional outbox of buyer e-mails: one row per `dedupe_key`, claimed by exactly one sender. */
export interface MailOutboxTable {
  id: string;
  dedupe_key: string;
  /** Null only for a waiting-list confirmation (no purchase yet; migration 0053). */
  purchase_id: string | null;
  /**
   * `order_link`: "find my order"'s e-mail with a new link to the order page; `transfer`: a transferred ticket's new holder's;
   * `waiting_confirm`: the link that puts a waiting-list entry in line; `waiting_offer`: the link that opens its offer.
   */
  kind: 'tickets' | 'refund' | 'cancelled' | 'order_link' | 'transfer' | 'invoice' | 'waiting_confirm' | 'waiting_offer';
  attempt_id: string | null;
  recipient: string;
  lang: string;
  /** `failed` is retried; `dead` ran out of attempts and waits for an operator (GET /api/admin/outbox/failed). */
  status: 'queued' | 'sending' | 'sent' | 'failed' | 'dead';
  /** Sends started (counted at the claim, so one whose process died mid-send counts too). */
  attempts: number;
  claimed_at: string | null;
  sent_at: string | null;
  error: string | null;
  /** Where the message went: the .eml path, or the SMTP message id. */
  message_ref: string | null;
  /** The ticket the e-mail is about (a transfer's recipient's); null for a whole purchase's. */
  ticket_id: Generated<string | null>;
  /** The waiting-list entry the e-mail is about (its confirmation or its offer); null otherwise. */
  waiting_entry_id: Generated<string | null>;
  created_at: string;
}

/** SHA-256 of the keys that open a purchase: the buyer's browser's, and one per tickets e-mail sent. */
export interface PurchaseAccessKeyTable {
  key_hash: string;
  purchase_id: string;
  issued_to: 'browser' | 'mail';
  /** A key that opens this one ticket only (a transfer's recipient); null opens the whole purchase. */
  ticket_id: Generated<string | null>;
  created_at: string;
}

/**
 * `held`: held at the seat provider by `hold_token` until the purchase's hold ends; `kept`: moved to a
 * custom status while a cash voucher is open (outlives the token); `booked` once paid; `released`;
 * `unbooked`: paid but the provider refused the booking (an operator must seat the buyer).
 */
export type PurchaseSeatsStatus = 'held' | 'kept' | 'booked' | 'released' | 'unbooked';

/** The seats of one purchase of a seated event, as held at the seat provider. */
export interface PurchaseSeatsTable {
  purchase_id: string;
  event_id: number;
  event_key: string;
  region: string;
  hold_token: string;
  status: PurchaseSeatsStatus;
  /** JSON array of `{ label, ticketId, quantity, objectType }` (ticketId: the event file's ticket type id). */
  seats_json: string;
  created_at: string;
  updated_at: string;
}

/** An event's Ed25519 key pair for signed ticket codes (`checkin/event-keys.ts`); the newest `key_id` signs. */
export interface CheckinKeyTable {
  event_id: number;
  key_id: number;
  /** Raw 32-byte public key, base64url. */
  public_key: string;
  /** PKCS#8 private key sealed with AES-256-GCM under a key derived from SIGNING_SECRET. */
  private_key_sealed: string;
  created_at: string;
}

/** Why an order changed without changing its status (`order_events`): a ticket's answers corrected, a ticket transferred, the tickets e-mail sent again by an operator. */
export type OrderEventReason = 'answers_corrected' | 'ticket_transferred' | 'tickets_resent';

/** What happened to an order besides its status moves: one row per buyer's correction of a ticket's answers. */
export interface OrderEventTable {
  id: Generated<number>;
  purchase_id: string;
  /** The ticket it concerns, when one. */
  ticket_id: string | null;
  event_id: number;
  /** `holder`: a transferred ticket's new holder, by the key that opens that ticket only. */
  actor: OrderActor | 'holder';
  reason: OrderEventReason;
  /** What the buyer's history says beside the reason (the transferred ticket's folio). */
  note: string | null;
  created_at: string;
}

/** A ticket that no longer admits anyone (its order refunded or cancelled); one row per ticket. */
export interface TicketRevocationTable {
  id: Generated<number>;
  ticket_id: string;
  event_id: number;
  reason: RevocationReason;
  created_at: string;
}

/** A phone's Wallet registered for a pass's updates (Apple's pass web service); `serial_number` is the ticket id. */
export interface WalletAppleRegistrationTable {
  device_library_id: string;
  pass_type_id: string;
  serial_number: string;
  push_token: string;
  created_at: string;
}

/** One change of a ticket's pass; the increasing id is the tag devices ask "changed since" with. */
export interface WalletPassChangeTable {
  id: Generated<number>;
  ticket_id: string;
  changed_at: string;
}

/** A door scanner paired to one check-in list of an event; only the SHA-256 of its token is kept. */
export interface CheckinDeviceTable {
  id: string;
  event_id: number;
  list_id: string;
  name: string;
  token_hash: string;
  created_at: string;
  revoked_at: string | null;
  last_sync_at: string | null;
}

/** A scan a device sent and the answer it got, once per device and nonce. */
export interface CheckinScanTable {
  device_id: string;
  nonce: string;
  result_json: string;
  created_at: string;
}

/** An admission: unique per (list, event, ticket, entry_number); `exited_at` set by an `out` scan (re-entry lists). */
export interface CheckinEntryTable {
  id: Generated<number>;
  event_id: number;
  list_id: string;
  ticket_id: string;
  entry_number: number;
  device_id: string;
  scanned_at: string;
  exited_at: string | null;
  created_at: string;
}

/** A scan made offline that admitted a ticket another device had already admitted. */
export interface CheckinConflictTable {
  id: Generated<number>;
  event_id: number;
  list_id: string;
  ticket_id: string;
  device_id: string;
  nonce: string;
  scanned_at: string;
  created_at: string;
}


/** How a buyer's cancellation is given back: through the payment's provider, paid by hand to a CLABE, or nothing to give. */
export type RefundMethod = 'provider' | 'payout' | 'none';

/** One cancellation of some tickets (by the buyer, or by the organiser): which tickets, what they paid, the fee kept, what goes back and how (claimed once). */
export interface BuyerCancellationTable {
  id: string;
  purchase_id: string;
  attempt_id: string;
  ticket_ids_json: string;
  paid_cents: number;
  fee_cents: number;
  refund_cents: number;
  method: RefundMethod;
  /** `provider` refunds: required → in_progress → done (null for the other methods). */
  refund_status: RefundStatus | null;
  refund_reference: string | null;
  /** Who cancelled (migration 0049): `buyer`, or the operator who cancelled some tickets for the organiser; and their words. */
  actor: Generated<OrderActor>;
  note: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

/** A refund paid by hand to the buyer's CLABE (cash voucher or bank-transfer payments), once per cancellation. */
export interface PayoutTable {
  id: string;
  purchase_id: string;
  cancellation_id: string;
  amount_cents: number;
  /** 18 digits, control digit checked; not a card number. */
  clabe: string;
  bank_name: string;
  status: 'queued' | 'paid';
  created_at: string;
  confirmed_by: string | null;
  confirmed_at: string | null;
}

/** The kinds of change an outbound webhook tells (`webhook.test`: the operator's test message). */
export type WebhookEventType = 'order.paid' | 'order.cancelled' | 'order.refunded' | 'ticket.transferred' | 'ticket.checked_in' | 'webhook.test';

/** Where an organiser wants to hear about one event (`event_id`) or every event (null). */
export interface WebhookEndpointTable {
  id: string;
  event_id: number | null;
  url: string;
  description: string;
  /** The event types it wants (JSON array of `WebhookEventType`, never `webhook.test`). */
  event_types_json: string;
  enabled: number;
  /** Why it was disabled: `operator`, or `failing` (no delivery went through for days). */
  disabled_reason: 'operator' | 'failing' | null;
  /** `whsec_…`, what the deliveries are signed with. */
  secret: string;
  /** When its deliveries started failing (null while the last one went through). */
  failing_since: string | null;
  created_at: string;
  updated_at: string;
}

/** One message to one endpoint; `pending` is taken by the loop at `next_attempt_at`. */
export interface WebhookDeliveryTable {
  id: string;
  endpoint_id: string;
  /** The `webhook-id` header: the same for every attempt, and unique per endpoint. */
  message_id: string;
  type: WebhookEventType;
  /** The JSON body as it is signed and sent, fixed when the change happened. */
  payload: string;
  status: 'pending' | 'sending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: string | null;
  claimed_at: string | null;
  delivered_at: string | null;
  created_at: string;
}

/** One POST of a delivery: the delivery log. */
export interface WebhookAttemptTable {
  id: string;
  delivery_id: string;
  number: number;
  /** 1: an operator's resend or test (outside the retry schedule). */
  manual: number;
  started_at: string;
  duration_ms: number;
  status_code: number | null;
  error: string | null;
  /** The answer's first bytes (UTF-8, capped). */
  response_body: string | null;
}

/** The event file of one import (`services/event-import.service.ts`): one row per event version. */
export interface EventVersionTable {
  event_id: number;
  version: number;
  /** The file as checked and stored: pretty-printed JSON, without `$schema`. */
  file_text: string;
  /** Bytes of `file_text` in UTF-8. */
  size_bytes: number;
  imported_at: string;
  /** `cli`, `token`, `operator:{id}` or `demo`. */
  imported_by: string;
}

/** An operator of the console (`operators/`); `event_urls_json`: the events the role is limited to (null = all). */
export interface OperatorTable {
  id: string;
  email: string;
  password_hash: string | null;
  role: string;
  event_urls_json: string | null;
  totp_secret: string | null;
  totp_enabled_at: string | null;
  failed_logins: Generated<number>;
  locked_until: string | null;
  disabled_at: string | null;
  created_at: string;
}

/** A one-time link that sets an operator's password (SHA-256 of the token). */
export interface OperatorPasswordTokenTable {
  token_hash: string;
  operator_id: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** A signed-in browser (SHA-256 of the cookie's id); `second_factor_passed` 0: only TOTP enrolment. */
export interface OperatorSessionTable {
  id_hash: string;
  operator_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  address: string | null;
  user_agent: string | null;
  second_factor_passed: Generated<number>;
  revoked_at: string | null;
}

/** One operator action: who (`token`, `operator`, or `anonymous` for a failed login), what, on what, from where. */
export interface AuditLogTable {
  id: Generated<number>;
  actor_kind: string;
  operator_id: string | null;
  operator_email: string | null;
  action: string;
  target: string | null;
  detail_json: string | null;
  address: string | null;
  at: string;
}

/** `ingreso`: a buyer's invoice of their order; `global`: a month's sales to the general public; `egreso`: a credit note of a partial refund. */
export type InvoiceKind = 'ingreso' | 'global' | 'egreso';
/** `issuing`: claimed, the provider being asked; `issued`: stamped (UUID, XML, PDF stored); `cancelled`: the CFDI cancelled at the provider. */
export type InvoiceStatus = 'issuing' | 'issued' | 'cancelled';

/** One CFDI asked of the invoicing provider, exactly once per `unique_key` (migration 0051). */
export interface InvoiceTable {
  id: string;
  /** `order:{purchase}`, `global:{YYYY-MM}` or `egreso:{refund}`. */
  unique_key: string;
  kind: InvoiceKind;
  /** The order invoiced (ingreso) or credited (egreso); null for a global invoice. */
  purchase_id: string | null;
  /** An egreso's original invoice. */
  related_invoice_id: string | null;
  status: InvoiceStatus;
  /** The receiver's fiscal data as stated on the CFDI (JSON). */
  receiver_json: string;
  total_cents: number;
  provider_id: string | null;
  uuid: string | null;
  xml: string | null;
  pdf_base64: string | null;
  /** The cancellation's SAT motive (`02`: errors without a relation) once cancelled. */
  cancellation_motive: string | null;
  created_at: string;
  updated_at: string;
}

/** The invoice a paid sale went into: its own ingreso or the month's global invoice (once per purchase). */
export interface InvoicedPurchaseTable {
  purchase_id: string;
  invoice_id: string;
}

/** A buyer's fiscal data saved with their consent, for their next request (per e-mail, lower case). */
export interface FiscalProfileTable {
  email: string;
  data_json: string;
  updated_at: string;
}

/** An event's waiting room: its settings and the queue's counters (migration 0052, `waiting-room/`). */
export interface WaitingRoomTable {
  event_id: number;
  mode: 'off' | 'scheduled' | 'always' | 'auto';
  opens_at: string | null;
  admit_per_minute: number;
  session_minutes: number;
  auto_held_units: number | null;
  /** The last place handed out. */
  next_seq: Generated<number>;
  /** Every place up to this one is let in. */
  admitted_up_to: Generated<number>;
  /** The moment admissions are counted up to (ISO). */
  admitted_clock: string;
  /** 1 once places are given in arrival order (the lottery drawn, or a mode without one). */
  drawn: Generated<number>;
  updated_at: string;
}

/** One browser's place in an event's waiting room. */
export interface WaitingRoomEntryTable {
  event_id: number;
  browser_id: string;
  client_key: string;
  /** Random, for an arrival before opening: the lottery gives places in its order (null: arrival order, after the lottery's). */
  lottery_key: string | null;
  /** Its place; null until the lottery is drawn. */
  seq: number | null;
  /** When its admission began (the pass lasts `session_minutes` from it). */
  admitted_at: string | null;
  /** When it arrived (a place taken again after its pass ran out: when it did so). */
  joined_at: string;
}

/** A process with arrivals of before the opening still in line holds the room's draw back while its row lives (migration 0057). */
export interface WaitingRoomDrawHoldTable {
  event_id: number;
  /** The process (one random id per open database). */
  holder: string;
  expires_at: string;
}

/**
 * One person's place in a ticket type's waiting line (migration 0053): `unconfirmed` until its e-mail's link is
 * followed, `waiting` from `confirmed_at` (the line's order), `offered` once freed stock was held for it as the
 * purchase `purchase_id` (whether that offer was paid, or ran out, is read from the purchase).
 */
export interface WaitingListEntryTable {
  id: string;
  event_id: number;
  ticket_type_id: number;
  /** Lower-cased; `erased:{id}` once erased (unique per type like any address, and no address has that form). */
  email: string;
  lang: string;
  quantity: number;
  status: 'unconfirmed' | 'waiting' | 'offered';
  /** SHA-256 of the confirmation link's key. */
  confirm_key_hash: string;
  confirmed_at: string | null;
  purchase_id: string | null;
  offered_at: string | null;
  /** The joining client's key (its IPv4 address or IPv6 /64); empty once erased. */
  client_key: string;
  created_at: string;
  /** When the address and client key were erased, past the retention after the entry was over (migration 0056); null while kept. */
  erased_at: Generated<string | null>;
}
