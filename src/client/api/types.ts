/**
 * Shapes of the checkout API as the storefront reads them. Money fields are pesos
 * (the API edge); the stores convert to centavos where they compute.
 */

/** `GET /api/config` */
export interface AppConfig {
  botCheck: { provider: 'sandbox' | 'recaptcha'; siteKey?: string };
  mainSiteUrl: string;
  supportEmail: string;
  helpUrl: string;
}

/** The operator's event configuration; only the fields the storefront reads are typed. */
export interface EventConfig {
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

export interface HtmlBlock {
  posicion: string;
  html: string;
}

export interface EventInfo {
  url: string;
  name: string;
  image_path: string | null;
  config: EventConfig;
  html: HtmlBlock[];
}

/** An attendee field definition; the form step (a later issue) reads it in full. */
export interface FieldDefinition {
  id: string | number;
  type: string;
  label?: string;
  required?: boolean;
  [key: string]: unknown;
}

export interface TicketType {
  id: number;
  name: string;
  price: number;
  description: string;
  minimum: number;
  maximum: number;
  md?: boolean | number | null;
  md_quantity?: number | null;
  md_ispercentage?: boolean | number | null;
  md_minimum?: number | null;
  form?: FieldDefinition[] | null;
}

export interface ProductOption {
  id: string | number;
  label: string;
  options: { values: string[] };
}

export interface Product {
  id: number;
  nombre: string;
  precio: number;
  minimo: number;
  maximo: number;
  imagenes: { url: string; alt?: string }[];
  descripcion: string;
  opciones: ProductOption[];
}

/** `GET /api/event/{url}` */
export interface EventResponse {
  event: EventInfo;
  tickets: TicketType[];
  productos: Product[];
}

export interface TicketLineRequest {
  ticket_id: number;
  cantidad: number;
}

export interface NewPurchaseRequest {
  code: string | null;
  url: string;
  tickets: TicketLineRequest[];
  identificador: string | null;
  /** The access code of a hidden ticket type's link, sent only when the page has one. */
  access?: string;
  token: string;
}

export interface NewPurchaseResponse {
  purchase_id: string;
  /** Given once: sent back as X-Purchase-Key, it lets the server answer with the buyer's data and tickets. */
  access_key?: string;
  amount: number;
  comission: number;
  expiresTickets: string;
  tickets_emited: boolean;
  amountOutDiscount: number;
  amountDiscount: number;
  amountProductos?: number;
  code: string | null;
  isFormRequiered: boolean;
}

export interface VerifyDiscountRequest {
  code: string;
  url: string;
  tickets: TicketLineRequest[];
  access?: string;
}

export interface VerifyDiscountResponse {
  code: string;
  amount: number;
  amountOutDiscount: number;
  amountDiscount: number;
  comission: number;
}

export interface ProductLineRequest {
  id: number;
  cantidad: number;
  opciones: Record<string, string>;
}

export interface PurchaseProductLine {
  id: number;
  nombre: string;
  cantidad: number;
  precio: number;
  opciones: Record<string, string>;
}

export interface UpdateProductsResponse {
  productos: PurchaseProductLine[];
  isFormRequiered: boolean;
  amount: number;
  amountProductos: number;
  comission: number;
  amountOutDiscount: number;
  amountDiscount: number;
}

export interface PurchaseTicketLine {
  ticket_id: number;
  cantidad: number;
  price: number;
  name: string;
  md_quantity?: number | null;
  md_ispercentage?: boolean | number | null;
  md_minimum?: number | null;
}

export interface BuyerInfo {
  name: string;
  email: string;
  phone: string;
}

export interface PurchaseAmounts {
  amount: number;
  comission: number;
  amountOutDiscount: number;
  amountDiscount: number;
  amountProductos: number;
}

export interface PurchaseReload {
  purchase_id: string;
  url: string;
  tickets: PurchaseTicketLine[];
  productos: PurchaseProductLine[];
  amounts: PurchaseAmounts;
  expires_at: string;
  code: string | null;
  buyer_info: BuyerInfo | null;
  emission_id: string | null;
  isFormRequiered: boolean;
  form_completed: boolean;
}

/** `GET /api/payments/purchase/{id}`: `reload` only for the holder of the purchase's access key. */
export interface PurchaseStatusResponse {
  status: string;
  reload?: PurchaseReload;
}
