import type { HtmlBlock, Product } from '../event-file/event-file.types';

/**
 * The operator's event configuration as the public answer carries it: the event file's `config`
 * minus every secret-looking key. Only the fields the storefront reads are typed; payment-method
 * flags (`metodo_pago_*`) and the rest pass through as written.
 */
export interface PublicEventConfig {
  idiomaDefault?: string | null;
  currency?: string | null;
  comission_percentage?: number | string | null;
  absorb?: string | null;
  hide_language_switch?: boolean | null;
  seats?: { workspaceKey: string; eventKey: string; region: string } | null;
  tarjetas_amex?: boolean | null;
  download_wallets?: boolean | null;
  [flag: string]: unknown;
}

export interface PublicEventInfo {
  url: string;
  name: string;
  image_path: string | null;
  /** When the event starts (ISO 8601 with its offset), null when the event file gives no date: the thank-you page offers "Add to calendar" only with one. */
  starts_at: string | null;
  /** Only when the event has a waiting list: its sold-out ticket types a buyer may join (`id`) and the most tickets one may ask for. */
  waiting_list?: { id: number; maximum: number }[];
  config: PublicEventConfig;
  html: HtmlBlock[];
  /** true: the event has a waiting room (its page asks `/api/waiting-room/{url}` before showing the tickets); absent otherwise. */
  sala_espera?: boolean;
  /** The payment step offers "Quiero factura" (the event file's `invoicing.ask_at_checkout`, with invoicing on). */
  invoice_at_checkout?: boolean;
}

/**
 * A ticket type a buyer may choose now. `maximum` is the per-order maximum capped by what is
 * left (0: sold out). `has_form` says whether each unit needs an attendee block; the fields
 * themselves come with the event's attendee-validator module (see attendee-module.ts).
 */
export interface PublicTicketType {
  id: number;
  name: string;
  /** Pesos. */
  price: number;
  description: string;
  minimum: number;
  maximum: number;
  /** Volume discount: `md_quantity` off (percent when `md_ispercentage`, else pesos per line) from `md_minimum` units. */
  md: boolean;
  md_quantity: number | null;
  md_ispercentage: boolean;
  md_minimum: number | null;
  has_form: boolean;
}

/**
 * A product as the event file describes it, without its stock; `maximo` is the per-order
 * maximum capped by what is left (0: sold out), `precio` pesos.
 */
export type PublicProduct = Required<Omit<Product, 'stock'>>;

/** `GET /api/event/{url}` (`?access=` unlocks a hidden ticket type; `?ticket=` only names it). */
export interface PublicEventResponse {
  event: PublicEventInfo;
  tickets: PublicTicketType[];
  productos: PublicProduct[];
}

export interface PublicEventQuery {
  ticket?: string;
  access?: string;
}

/**
 * The event's public view inlined in the HTML of `/{url}` (and its steps) as
 * `<script id="event-data" type="application/json">`: the answer `GET /api/event/{url}` gives
 * with the same `ticket` and `access` queries, so the first view needs no second round trip.
 */
export interface InlineEventData {
  url: string;
  ticket: string | null;
  access: string | null;
  answer: PublicEventResponse;
}
