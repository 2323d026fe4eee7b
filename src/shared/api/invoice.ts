/** `POST /api/orders/{id}/invoice`: the buyer's fiscal data (the wire's Spanish names). */
export interface InvoiceRequest {
  /** 12 characters (a company) or 13 (a person), check digit included. */
  rfc: string;
  /** The name exactly as registered with SAT (upper case on the CFDI). */
  razon_social: string;
  /** `c_RegimenFiscal`. */
  regimen_fiscal: string;
  /** The fiscal address's postal code (5 digits). */
  codigo_postal: string;
  /** `c_UsoCFDI`, one the régimen allows. */
  uso_cfdi: string;
  /** Where the PDF and XML are sent. */
  email: string;
  /** Consent to keep these data for the buyer's next request (per buyer e-mail). */
  guardar_datos?: boolean;
}

/**
 * Where an order's invoice stands: `disponible` (may be requested until `solicitar_hasta`),
 * `en_proceso` (asked of the provider), `emitida` (links in `factura`), `cancelada` (its CFDI
 * cancelled after a refund), `en_factura_global` (the sale went into the month's global invoice),
 * `plazo_vencido` (the window closed; the sale goes into the global invoice), `no_facturable` (nothing
 * was charged, or the event issues no invoices).
 */
export type InvoiceState = 'disponible' | 'en_proceso' | 'emitida' | 'cancelada' | 'en_factura_global' | 'plazo_vencido' | 'no_facturable';

export interface InvoiceDocument {
  uuid: string;
  total: number;
  /** Paths of the order page's downloads (the order's key in `X-Purchase-Key`). */
  pdf: string;
  xml: string;
}

/** `GET /api/orders/{id}/invoice` and the answer of the request. */
export interface InvoiceStatusResponse {
  estado: InvoiceState;
  /** ISO 8601: the last moment a request is taken; null when none can be. */
  solicitar_hasta: string | null;
  factura: InvoiceDocument | null;
  /** The fiscal data the buyer saved before (with consent), to fill the form; null when none. */
  datos_guardados: Omit<InvoiceRequest, 'guardar_datos' | 'email'> | null;
}

/** `PUT /api/payments/invoice-request`: the fiscal data given at the payment step, with the held purchase. */
export interface CheckoutInvoiceRequest extends InvoiceRequest {
  purchase_id: string;
}

/** `PUT` and `DELETE /api/payments/invoice-request`: whether the purchase now carries an invoice request. */
export interface CheckoutInvoiceResponse {
  purchase_id: string;
  factura: boolean;
}
