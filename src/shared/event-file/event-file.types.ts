/**
 * Types of the event file an operator writes (schemas/event/*.schema.json).
 *
 * Hand-written once, kept in step with the schemas by
 * tests/unit/shared/event-file/event-file.types.test.ts (property names and
 * required-ness of every object are compared). See docs/decisions/002-event-file-types.md.
 */

/** The attendee field kinds the compiler in src/shared/attendee-form understands. */
export type AttendeeFieldType =
  | 'text'
  | 'textarea'
  | 'email'
  | 'number'
  | 'telefono'
  | 'select'
  | 'multiselect'
  | 'country'
  | 'date'
  | 'curp'
  | 'rfc'
  | 'checkbox'
  | 'file';

/** A rule whose failure shows the operator's own sentence. */
export interface MessageRule<T> {
  value: T;
  message: string;
}

/** A rule whose message is optional (a translated default is used). */
export interface OptionalMessageRule<T> {
  value: T;
  message?: string;
}

export interface AttendeeFieldValidation {
  /** text, textarea, email, telefono. A JavaScript regular expression in unicode mode. */
  pattern?: MessageRule<string>;
  /** text, textarea, email, telefono. */
  maxLength?: MessageRule<number>;
  /** text, textarea, email, telefono. */
  minLength?: MessageRule<number>;
  /** number. */
  min?: OptionalMessageRule<number>;
  /** number. */
  max?: OptionalMessageRule<number>;
  /** file: decoded size in bytes. */
  maxSize?: MessageRule<number>;
  /** file: image MIME types, e.g. `image/png`. */
  allowedFormats?: MessageRule<string[]>;
  /** date: earliest date allowed, `YYYY-MM-DD`. */
  minDate?: OptionalMessageRule<string>;
  /** date: latest date allowed, `YYYY-MM-DD`. */
  maxDate?: OptionalMessageRule<string>;
  /** multiselect: fewest options to choose when answering (an empty answer counts as missing instead). */
  minChoices?: OptionalMessageRule<number>;
  /** multiselect: most options to choose. */
  maxChoices?: OptionalMessageRule<number>;
}

/** Shows a field only when an earlier field's answer is `equals`, or one of `in` (exactly one of the two). */
export interface VisibleWhen {
  /** Id of an earlier field of the same form. */
  field: string;
  equals?: string | number | boolean;
  in?: (string | number | boolean)[];
}

export interface SelectOptions {
  values: string[];
}

/** One question of the attendee form, as the operator writes it in the event file. */
export interface AttendeeField {
  id: string;
  type: AttendeeFieldType;
  label: string;
  /** Input hint; for a checkbox, the URL of the link beside the label. */
  placeholder?: string;
  required?: boolean;
  /** Once paid, the buyer cannot change this answer on the order page. */
  locked_after_purchase?: boolean;
  /** select and multiselect only. */
  options?: SelectOptions;
  validation?: AttendeeFieldValidation;
  /** Asked only when an earlier answer matches; hidden, it is neither required nor sent. */
  visible_when?: VisibleWhen;
}

export interface SeatsConfig {
  workspaceKey: string;
  eventKey: string;
  region: string;
}

export interface AllowedBin {
  /** First six digits of the card. */
  bin: string;
}

/** Per-event settings; every key optional (service-charge defaults: `normaliseServiceCharge` in pricing.ts; currency MXN). */
export interface EventConfig {
  idiomaDefault?: 'es' | 'en';
  currency?: string;
  /** Service-fee rate, 0.1 = 10 %. */
  comission_percentage?: number;
  /** `customer`: the buyer pays the service fee. */
  absorb?: 'customer' | 'organizer';
  seats?: SeatsConfig;
  bines_permitidos?: AllowedBin[];
  tarjetas_amex?: boolean;
  download_wallets?: boolean;
  stripe_public_key?: string;
  hide_language_switch?: boolean;
  support_email?: string;
  metodo_pago_open_pay?: boolean;
  metodo_pago_fintoc?: boolean;
  metodo_pago_mercadopago_tarjetas?: boolean;
  metodo_pago_mercadopago_efectivo?: boolean;
  metodo_pago_mercadopago_supertoken?: boolean;
  metodo_pago_paypal?: boolean;
  metodo_pago_stripe_tarjeta?: boolean;
  metodo_pago_stripe_google_pay?: boolean;
  metodo_pago_stripe_apple_pay?: boolean;
  metodo_pago_free?: boolean;
}

export type HtmlPosition = 'TICKET_INFO' | 'FINISH';

export interface HtmlBlock {
  posicion: HtmlPosition;
  html: string;
}

/** Where the event happens; the coordinates let a phone offer the wallet pass near the venue. */
export interface EventVenue {
  name: string;
  address?: string;
  /** Degrees, -90..90. */
  latitude?: number;
  /** Degrees, -180..180. */
  longitude?: number;
}

/** Wallet-pass colours as `#rrggbb`; a missing one takes the storefront theme's. */
export interface PassColors {
  background?: string;
  foreground?: string;
  label?: string;
}

/** The preview picture of a shared link, as the file really is (the checker holds it to what previews show). */
export interface ShareImage {
  /** A site path (/...) or an https URL. */
  url: string;
  width: number;
  height: number;
  /** image/jpeg, image/png or image/webp. */
  type: string;
  alt?: string;
}

/** How the event looks where its link is shared and found; each missing key is made from the event's own details. */
export interface EventShare {
  title?: string;
  description?: string;
  image?: ShareImage;
  /** false: no sitemap, `noindex`, and a page head that names nothing but the site. */
  listed?: boolean;
}

export interface EventDetails {
  name: string;
  image_path?: string;
  /** ISO 8601 date and time with its offset (`2026-12-05T20:00:00-06:00`): the event's own clock. */
  starts_at?: string;
  ends_at?: string;
  /** Until when buyers may correct their answers (ISO 8601 with offset); absent: 24 h before `starts_at`. */
  changes_until?: string;
  venue?: EventVenue;
  pass_colors?: PassColors;
  share?: EventShare;
  config?: EventConfig;
  html?: HtmlBlock[];
}

export interface TicketType {
  id: number;
  name: string;
  /** Pesos, at most 2 decimals. */
  price: number;
  description?: string;
  minimum: number;
  /** Per-order maximum. */
  maximum: number;
  /** Stock. */
  capacity: number;
  hidden?: boolean;
  /** Hidden types: the unguessable code of their link (generated on import when absent). */
  access_code?: string;
  md?: boolean;
  md_quantity?: number;
  md_ispercentage?: boolean;
  md_minimum?: number;
  form?: AttendeeField[];
}

export interface ProductImage {
  url: string;
  alt?: string;
}

export interface ProductOption {
  id: string;
  label: string;
  options: SelectOptions;
}

export interface Product {
  id: number;
  nombre: string;
  /** Pesos, at most 2 decimals. */
  precio: number;
  minimo: number;
  maximo: number;
  stock: number;
  imagenes?: ProductImage[];
  descripcion?: string;
  opciones?: ProductOption[];
}

export interface DiscountCode {
  code: string;
  percent?: number;
  amount?: number;
  max_uses?: number;
  valid_from?: string;
  valid_until?: string;
  ticket_ids?: number[];
}

/** Caps on unpaid stock per client, per buyer and in vouchers; absent keys take the server defaults. */
export interface HoldLimitsFile {
  max_units_per_client?: number;
  max_vouchers_per_buyer?: number;
  /** 0..1 of each ticket type's capacity. */
  max_voucher_share?: number;
}

/** The whole event file. */
export interface EventFile {
  $schema?: string;
  url: string;
  hold_minutes?: number;
  hold_limits?: HoldLimitsFile;
  event: EventDetails;
  tickets: TicketType[];
  productos?: Product[];
  discount_codes?: DiscountCode[];
  checkin_lists?: CheckinList[];
  transfers?: TransferPolicyFile;
  refund_policy?: RefundPolicyFile;
  invoicing?: InvoicingFile;
  waiting_room?: WaitingRoomFile;
  installments?: InstallmentsFile;
  waiting_list?: WaitingListFile;
}

/** The event file's `waiting_room` (`src/server/waiting-room/`): when buyers wait before the ticket page, and how fast they are let in. */
export interface WaitingRoomFile {
  mode: 'off' | 'scheduled' | 'always' | 'auto';
  /** scheduled only: arrivals before it enter the lottery (ISO 8601 with offset). */
  opens_at?: string;
  admit_per_minute?: number;
  session_minutes?: number;
  /** auto only: the held units that switch the room on. */
  auto_held_units?: number;
}

/**
 * The event file's `installments`: card plans (meses sin intereses) offered on the MercadoPago and
 * Stripe card paths for totals from `min_amount` (pesos), up to `max_months`, interest-free only
 * unless `interest_free_only` is false. Absent or not enabled: one payment.
 */
export interface InstallmentsFile {
  enabled: boolean;
  min_amount?: number;
  max_months?: number;
  interest_free_only?: boolean;
}

/** The event file's `waiting_list`: whether sold-out ticket types take names, and how many hours an offer holds its tickets (24 when absent). */
export interface WaitingListFile {
  enabled: boolean;
  offer_hours?: number;
}

/** The event file's `transfers`: whether, until when (ISO 8601 with offset) and how often a ticket may change hands. */
export interface TransferPolicyFile {
  allowed: boolean;
  until?: string;
  max_per_ticket?: number;
}

/** A concept's SAT keys: `c_ClaveProdServ` (8 digits) and `c_ClaveUnidad`. */
export interface SatKeysFile {
  product_key: string;
  unit_key: string;
}

/**
 * The event file's `invoicing` (CFDI 4.0 invoices, `src/server/invoicing/`): whether the payment step
 * offers the invoice, until when a buyer may request one (else the end of the month of payment plus 3
 * days), how prices carry IVA, and the SAT keys of each kind of concept (per ticket type or product id too).
 */
export interface InvoicingFile {
  ask_at_checkout?: boolean;
  request_until?: string;
  /** `iva_16` (default): prices include 16 % IVA; `exempt`: IVA-exempt sales. */
  tax?: 'iva_16' | 'exempt';
  sat_keys?: {
    tickets?: SatKeysFile;
    products?: SatKeysFile;
    service_charge?: SatKeysFile;
    by_ticket_type?: Record<string, SatKeysFile>;
    by_product?: Record<string, SatKeysFile>;
  };
}

/** The event file's `refund_policy`: "none", or until when a buyer may cancel and the percent kept. */
export type RefundPolicyFile = 'none' | { until: string; fee_percent: number };

/** A door check-in list: which ticket types it admits, when, and whether a ticket may go out and in again. */
export interface CheckinList {
  id: string;
  name: string;
  /** The event file's ticket type ids; every type when absent. */
  ticket_types?: number[];
  /** ISO 8601 with offset. */
  opens_at?: string;
  closes_at?: string;
  allow_reentry?: boolean;
}
