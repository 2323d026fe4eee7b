import type { OrderAmounts } from './amounts';
import type { BuyerInfo } from './payment';

/** One ticket type and its quantity. price/name/md_* are what the storefront displays; the server ignores them and prices from its own catalogue. */
export interface TicketLineRequest {
  ticket_id: number;
  cantidad: number;
  price?: number;
  name?: string;
  md?: boolean | null;
  md_quantity?: number | null;
  md_ispercentage?: boolean | null;
  md_minimum?: number | null;
}

/** A place chosen on the seat map: a seat or booth by its label, or places of a general-admission area. */
export interface SeatChoice {
  label: string;
  /** General-admission areas only: how many places (default 1). */
  quantity?: number;
}

/** The seats a buyer chose on a seated event's map and the chart's hold token that holds them. */
export interface SeatsRequest {
  holdToken: string;
  objects: SeatChoice[];
}

/** `POST /api/payments/new-purchase`: hold tickets. `token` is a bot-check token for action `new_purchase`. */
export interface NewPurchaseRequest {
  code?: string | null;
  url: string;
  tickets: TicketLineRequest[];
  identificador?: string | null;
  /** The access code of a hidden ticket type's link, sent only when the page has one. */
  access?: string | null;
  token: string;
  /** The waiting room's admission pass, when the event's room is on. */
  turno?: string | null;
  /**
   * Seated events: the places chosen on the map. The server checks each is held by `holdToken` at
   * the seat provider and takes the quantities of their ticket types (category key = ticket type
   * id) from them, whatever `tickets` says for those types.
   */
  seats?: SeatsRequest | null;
}

export interface NewPurchaseResponse extends OrderAmounts {
  purchase_id: string;
  /** Given once: sent back as X-Purchase-Key, it lets the server answer with the buyer's data and tickets. */
  access_key: string;
  /** ISO time the hold ends. */
  expiresTickets: string;
  tickets_emited: boolean;
  code: string | null;
  isFormRequiered: boolean;
}

/** `POST /api/payments/verify-discount`: prices the tickets with a code, holding nothing. */
export interface VerifyDiscountRequest {
  code: string;
  url: string;
  tickets: TicketLineRequest[];
  access?: string | null;
}

export interface VerifyDiscountResponse extends Omit<OrderAmounts, 'amountProductos'> {
  code: string;
}

/** One product line the buyer asks for; precio/nombre are display copies the server ignores. */
export interface ProductLineRequest {
  id: number;
  cantidad: number;
  precio?: number;
  nombre?: string;
  /** Option id → chosen value. */
  opciones?: Record<string, string>;
}

/** `PUT /api/payments/update-productos-purchase` (`purchaseId` is accepted as an alias of `purchase_id`). */
export interface UpdateProductsRequest {
  purchase_id?: string;
  purchaseId?: string;
  productos: ProductLineRequest[];
}

/** A product line of a purchase as the server priced it (pesos). */
export interface PurchaseProductLine {
  id: number;
  nombre: string;
  cantidad: number;
  precio: number;
  opciones: Record<string, string>;
}

export interface UpdateProductsResponse extends OrderAmounts {
  productos: PurchaseProductLine[];
  isFormRequiered: boolean;
}

/** `PUT /api/payments/add-info-purchase`: answers keyed by ticket id, then one object per unit, keyed by field id. */
export interface AddInfoRequest {
  purchase_id: string;
  form: Record<string, unknown>;
}

export interface AddInfoResponse {
  purchase_id: string;
  form_completed: boolean;
  isFormRequiered: boolean;
}

/** A ticket line of a purchase (pesos); the volume-discount rule comes along when the type has one. */
export interface PurchaseTicketLine {
  ticket_id: number;
  cantidad: number;
  price: number;
  name: string;
  md_quantity?: number | null;
  md_ispercentage?: boolean | null;
  md_minimum?: number | null;
  /** Seated events: the labels of the places this line holds (an area's label once per place). */
  seats?: string[];
}

/** Everything a page refresh needs to rebuild the order (only for the holder of the purchase's access key). */
export interface PurchaseReload {
  purchase_id: string;
  url: string;
  tickets: PurchaseTicketLine[];
  productos: PurchaseProductLine[];
  /** The same lines again, grouped as the order summary shows them. */
  resumen: { tickets: PurchaseTicketLine[]; productos: PurchaseProductLine[] };
  amounts: OrderAmounts;
  expires_at: string;
  code: string | null;
  buyer_info: BuyerInfo | null;
  emission_id: string | null;
  isFormRequiered: boolean;
  form_completed: boolean;
  /** The card plan the purchase was paid with (meses sin intereses), as the order page's `pagos[].meses`; absent for one payment. */
  meses?: { meses: number; total: number; sin_intereses: boolean };
}

/** `POST /api/payments/release-seats` (X-Purchase-Key): a seated event's buyer starts over; the hold ends and its places are released. */
export interface ReleaseSeatsRequest {
  purchase_id: string;
}

export interface ReleaseSeatsResponse {
  /** False when the purchase was no longer held. */
  released: boolean;
}

/** `GET /api/payments/purchase/{id}`: `reload` only for the holder of the purchase's access key. */
export interface PurchaseStatusResponse {
  status: string;
  reload?: PurchaseReload;
}
