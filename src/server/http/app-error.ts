import type { ApiFieldError } from '../../shared/api';
import { renderMessage, type BotCheckTerm, type ErrorCode, type MessageKey, type MessageLanguage, type MessageValues, type TermKey, type WebhookUrlTerm } from './error-messages';

/** A sentence of the catalogue (locales/<lang>/api-errors.json) and the values it is filled with. */
export interface CatalogueMessage {
  key: MessageKey;
  values?: MessageValues;
}

/**
 * An error the client is meant to see: an HTTP status, a stable machine `code` and a
 * message from the es/en catalogue, sent as `mensaje` in the request's language (Spanish
 * unless it asks for English; the storefront looks the `code` up itself). A plain string
 * message is the same in both languages. Anything thrown that is not an AppError becomes
 * a 500 whose details are logged, never sent.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly text: string | CatalogueMessage,
    readonly details?: Record<string, unknown>,
  ) {
    super(typeof text === 'string' ? text : renderMessage('es', text.key, text.values));
    this.name = 'AppError';
  }

  /** The message in Spanish, the default language (what logs and the CLI print). */
  get mensaje(): string {
    return this.message;
  }

  /** The message in `language`. */
  mensajeIn(language: MessageLanguage): string {
    return typeof this.text === 'string' ? this.text : renderMessage(language, this.text.key, this.text.values);
  }

  /** The details as sent: field problems whose sentence is the catalogue's rendered in `language`. */
  detailsIn(language: MessageLanguage): Record<string, unknown> | undefined {
    const list = this.details?.errors;
    if (!Array.isArray(list)) return this.details;
    const rendered = (list as (ApiFieldError | FieldProblem)[]).map((problem) =>
      typeof problem.message === 'string' ? problem : { path: problem.path, message: renderMessage(language, problem.message.key, problem.message.values) },
    );
    return { ...this.details, errors: rendered };
  }
}

/** A field's problem in the catalogue's words, sent in the request's language (`errors[].message`). */
export interface FieldProblem {
  path: string;
  message: CatalogueMessage;
}

/** An error whose message is the catalogue's sentence of its own code. */
const coded = (statusCode: number, code: ErrorCode, values?: MessageValues, key: MessageKey = code) =>
  new AppError(statusCode, code, { key, values });

/** The reasons the bot check gives (as its callers spell them) and their catalogue terms. */
const BOT_CHECK_REASONS = {
  'acción distinta': 'otherAction',
  'token ya usado o vencido': 'usedOrExpiredToken',
  'servicio no disponible': 'serviceUnavailable',
  'token rechazado': 'rejectedToken',
  'dominio distinto': 'otherDomain',
  'puntuación baja': 'lowScore',
} as const satisfies Record<string, BotCheckTerm>;

/** What a repeated request line is (as its callers spell it) and its catalogue term. */
const LINE_KINDS = { 'tipo de entrada': 'ticketType', producto: 'product' } as const satisfies Record<string, TermKey>;

/** Shorthands for the errors the API raises, so messages live in one place. */
export const errors = {
  eventNotFound: () => coded(404, 'EVENT_NOT_FOUND'),
  eventDateUnknown: () => coded(404, 'EVENT_DATE_UNKNOWN'),
  purchaseNotFound: () => coded(404, 'PURCHASE_NOT_FOUND'),
  purchaseExpired: () => coded(410, 'PURCHASE_EXPIRED'),
  purchaseClosed: () => coded(409, 'PURCHASE_CLOSED'),
  /** A move of an order its status does not allow (`orders/lifecycle.ts`), or one another writer made first. */
  orderTransitionRefused: () => coded(409, 'ORDER_TRANSITION_REFUSED'),
  soldOut: (name?: string) => (name ? coded(409, 'SOLD_OUT', { name }) : coded(409, 'SOLD_OUT', {}, 'variants.SOLD_OUT_unnamed')),
  productSoldOut: (name: string) => coded(409, 'PRODUCT_SOLD_OUT', { name }),
  unknownTicket: (id: number) => coded(400, 'UNKNOWN_TICKET', { id }),
  unknownProduct: (id: number) => coded(400, 'UNKNOWN_PRODUCT', { id }),
  duplicateLine: (what: keyof typeof LINE_KINDS, id: number) => coded(400, 'DUPLICATE_LINE', { what: { term: LINE_KINDS[what] }, id }),
  quantityOutOfRange: (name: string, min: number, max: number) => coded(400, 'QUANTITY_OUT_OF_RANGE', { name, min, max }),
  noTickets: () => coded(400, 'NO_TICKETS'),
  invalidOption: (product: string, option: string) => coded(400, 'INVALID_PRODUCT_OPTION', { product, option }),
  discountNotFound: () => coded(404, 'DISCOUNT_NOT_FOUND'),
  discountNotYetValid: () => coded(422, 'DISCOUNT_NOT_YET_VALID'),
  discountExpired: () => coded(422, 'DISCOUNT_EXPIRED'),
  discountExhausted: () => coded(422, 'DISCOUNT_EXHAUSTED'),
  discountNotApplicable: () => coded(422, 'DISCOUNT_NOT_APPLICABLE'),
  emptyDiscount: () => coded(400, 'DISCOUNT_EMPTY'),
  botCheckMissing: () => coded(400, 'BOT_CHECK_MISSING'),
  botCheckFailed: (reason: keyof typeof BOT_CHECK_REASONS) => coded(403, 'BOT_CHECK_FAILED', { reason: { term: `botCheck.${BOT_CHECK_REASONS[reason]}` } }),
  unauthorized: () => coded(401, 'UNAUTHORIZED'),
  /** A signed-in operator whose role (or event list) does not include what the route does. */
  adminForbidden: () => coded(403, 'ADMIN_FORBIDDEN'),
  /** An operator limited to some events creating an event whose url is not among them. */
  adminEventNotInScope: () => coded(403, 'ADMIN_EVENT_NOT_IN_SCOPE'),
  /** This process already keeps as many live dashboards open as it allows. */
  liveStreamsFull: () => coded(429, 'LIVE_STREAMS_FULL'),
  /** A new purchase of an event whose waiting room is on, without an admission pass. */
  waitingRoomPassMissing: () => coded(403, 'WAITING_ROOM_PASS_MISSING'),
  /** A pass forged, of another event or browser, or past its end. */
  waitingRoomPassInvalid: () => coded(403, 'WAITING_ROOM_PASS_INVALID'),
  waitingRoomPassUsed: () => coded(409, 'WAITING_ROOM_PASS_USED'),
  waitingRoomClientCap: (max: number) => coded(429, 'WAITING_ROOM_CLIENT_CAP', { max }),
  waitingRoomOff: () => coded(404, 'WAITING_ROOM_OFF'),
  /** A state-changing call of an operator session without its CSRF token (X-CSRF-Token). */
  adminCsrfInvalid: () => coded(403, 'ADMIN_CSRF_INVALID'),
  /** The same answer for an unknown e-mail and a wrong password. */
  adminLoginFailed: () => coded(401, 'ADMIN_LOGIN_FAILED'),
  adminTotpRequired: () => coded(401, 'ADMIN_TOTP_REQUIRED'),
  adminTotpInvalid: () => coded(400, 'ADMIN_TOTP_INVALID'),
  adminLocked: (minutes: number) => coded(423, 'ADMIN_LOCKED', { minutes }),
  adminPasswordLinkInvalid: () => coded(400, 'ADMIN_PASSWORD_LINK_INVALID'),
  adminPasswordTooShort: (min: number) => coded(400, 'ADMIN_PASSWORD_TOO_SHORT', { min }),
  operatorNotFound: () => coded(404, 'OPERATOR_NOT_FOUND'),
  operatorExists: () => coded(409, 'OPERATOR_EXISTS'),
  operatorLastOwner: () => coded(409, 'OPERATOR_LAST_OWNER'),
  notFound: () => coded(404, 'NOT_FOUND'),
  formInvalid: (fieldErrors: (ApiFieldError | FieldProblem)[]) =>
    new AppError(400, 'FORM_INVALID', { key: 'FORM_INVALID' }, { errors: fieldErrors }),
  formNotRequired: () => coded(409, 'FORM_NOT_REQUIRED'),
  /** A body beyond the shape every body keeps (nesting, keys per object, items per list: http/body-bounds.ts). */
  bodyTooComplex: (bounds: { depth: number; keys: number; items: number }) => coded(400, 'BODY_TOO_COMPLEX', bounds),
  eventInvalid: (problems: { pointer: string; message: string }[]) =>
    new AppError(400, 'EVENT_INVALID', { key: 'EVENT_INVALID', values: { count: problems.length } }, { problems }),
  /** `at`: where the file says it (pointer + the problem's language), answered as `problems` like EVENT_INVALID's so an editor marks the field. */
  capacityBelowSold: (name: string, capacity: number, taken: number, at?: { pointer: string; lang: MessageLanguage }) =>
    new AppError(409, 'CAPACITY_BELOW_SOLD', { key: 'CAPACITY_BELOW_SOLD', values: { name, capacity, taken } },
      at ? { problems: [{ pointer: at.pointer, message: renderMessage(at.lang, 'CAPACITY_BELOW_SOLD', { name, capacity, taken }) }] } : undefined),
  eventExists: () => coded(409, 'EVENT_EXISTS'),
  eventDiffTooLarge: (lines: number) => coded(422, 'EVENT_DIFF_TOO_LARGE', { lines }),
  /** The event's file of that version was never stored (imported before versions were kept). */
  eventFileNotStored: () => coded(404, 'EVENT_FILE_NOT_STORED'),
  /** An event enabling a payment method or seats whose provider has no keys and no stand-in here; `list` names each with its keys. */
  providersNotConfigured: (list: string) => coded(409, 'PROVIDERS_NOT_CONFIGURED', { list }),
  urlMismatch: () => coded(400, 'URL_MISMATCH'),
  outboxMessageNotFound: () => coded(404, 'OUTBOX_MESSAGE_NOT_FOUND'),
  /** The event has no waiting list, or not for that ticket type. */
  waitingListUnavailable: () => coded(404, 'WAITING_LIST_UNAVAILABLE'),
  /** A waiting list is joined only while its ticket type is sold out. */
  waitingListNotSoldOut: (name: string) => coded(409, 'WAITING_LIST_NOT_SOLD_OUT', { name }),
  waitingListLinkInvalid: () => coded(404, 'WAITING_LIST_LINK_INVALID'),
  /** A webhook endpoint's URL refused (scheme, size, credentials, an address inside the network). */
  webhookUrlRefused: (reason: WebhookUrlTerm) => coded(400, 'WEBHOOK_URL_REFUSED', { reason: { term: `webhookUrl.${reason}` } }),
  webhookEndpointNotFound: () => coded(404, 'WEBHOOK_ENDPOINT_NOT_FOUND'),
  webhookDeliveryNotFound: () => coded(404, 'WEBHOOK_DELIVERY_NOT_FOUND'),
  webhookDeliveryBusy: () => coded(409, 'WEBHOOK_DELIVERY_BUSY'),
  formRequired: () => coded(409, 'FORM_REQUIRED'),
  paymentMethodDisabled: () => coded(409, 'PAYMENT_METHOD_DISABLED'),
  freeOrder: () => coded(409, 'FREE_ORDER'),
  notFree: () => coded(409, 'NOT_FREE'),
  paymentNotFound: () => coded(404, 'PAYMENT_NOT_FOUND'),
  paymentProviderFailed: () => coded(502, 'PAYMENT_PROVIDER_ERROR'),
  paymentProviderUnavailable: () => coded(503, 'PAYMENT_PROVIDER_UNAVAILABLE'),
  cardBinNotAllowed: () => coded(422, 'CARD_BIN_NOT_ALLOWED'),
  cardTokenInvalid: () => coded(422, 'CARD_TOKEN_INVALID'),
  /** A card plan the provider does not offer for that card and total, or the event's rules leave out: nothing was charged. */
  installmentsNotOffered: () => coded(422, 'INSTALLMENTS_NOT_OFFERED'),
  /** A fast-payment token or account method MercadoPago refused (used, expired, another account's): nothing was charged. */
  superTokenInvalid: () => coded(422, 'SUPER_TOKEN_INVALID'),
  /** Another payment of the purchase is still being charged or settled: a second one is refused before the provider is asked. */
  paymentInFlight: () => coded(409, 'PAYMENT_IN_FLIGHT'),
  /**
   * A card payment the issuer refused; `reason` is MercadoPago's status_detail without its `cc_rejected_` prefix.
   * `paymentId`: the refused payment exists at MercadoPago, so the storefront can show its loader's rejected view.
   */
  cardPaymentRejected: (reason: string | null, paymentId?: string) => {
    const variant = `CARD_PAYMENT_REJECTED_${reason ?? ''}`;
    const known = ['call_for_authorize', 'insufficient_amount', 'bad_filled_security_code', 'bad_filled_date', 'bad_filled_other'].includes(reason ?? '');
    return new AppError(402, 'CARD_PAYMENT_REJECTED', { key: known ? (`variants.${variant}` as MessageKey) : 'CARD_PAYMENT_REJECTED' }, {
      status_detail: reason ? `cc_rejected_${reason}` : null,
      ...(paymentId ? { payment_id: paymentId } : {}),
    });
  },
  webhookRejected: (reason: string) => coded(401, 'WEBHOOK_REJECTED', { reason }),
  emissionNotFound: () => coded(404, 'EMISSION_NOT_FOUND'),
  // Infrastructure: the database is restarting or out of reach; nothing the buyer did, and a retry will work.
  databaseUnavailable: () => coded(503, 'DATABASE_UNAVAILABLE'),
  // Readiness: this code expects migrations the database lacks (another replica is migrating, or a start failed half way).
  migrationsPending: (pending: number) => coded(503, 'MIGRATIONS_PENDING', { pending }),
  // Readiness after SIGTERM: the process is draining its requests and must get no new ones.
  shuttingDown: () => coded(503, 'SHUTTING_DOWN'),
  holdLimitReached: (held: number, max: number) => coded(409, 'HOLD_LIMIT_REACHED', { held, max }),
  voucherLimitReached: (open: number, max: number) =>
    max === 0 ? coded(409, 'VOUCHER_LIMIT_REACHED', {}, 'variants.VOUCHER_LIMIT_REACHED_none') : coded(409, 'VOUCHER_LIMIT_REACHED', { open, max }),
  voucherShareReached: (name: string) => coded(409, 'VOUCHER_SHARE_REACHED', { name }),
  /** A seat the purchase names is not held by the purchase's hold token at the seat provider (taken by another buyer, released, or never held). */
  seatNotHeld: (seat: string) => coded(409, 'SEAT_NOT_HELD', { seat }),
  seatsNotOffered: () => coded(400, 'SEATS_NOT_OFFERED'),
  seatProviderUnavailable: () => coded(503, 'SEAT_PROVIDER_UNAVAILABLE'),
  /** The organiser's cancel of a purchase that was never paid (held, pending, expired). */
  purchaseNotPaid: () => coded(409, 'PURCHASE_NOT_PAID'),
  checkinListNotFound: () => coded(404, 'CHECKIN_LIST_NOT_FOUND'),
  checkinDeviceNotFound: () => coded(404, 'CHECKIN_DEVICE_NOT_FOUND'),
  /** A scanner's token unknown or revoked. */
  checkinDeviceUnauthorized: () => coded(401, 'CHECKIN_DEVICE_UNAUTHORIZED'),
  checkinCursorInvalid: () => coded(400, 'CHECKIN_CURSOR_INVALID'),
  /** The order page: no key in `X-Purchase-Key` (401), or one that does not open this purchase (403). */
  orderKeyRequired: () => coded(401, 'ORDER_KEY_REQUIRED'),
  orderKeyInvalid: () => coded(403, 'ORDER_KEY_INVALID'),
  /** The order page, a transfer or a cancellation of a purchase whose tickets are not live (held, awaiting a voucher's payment, cancelled, refunded). */
  orderNotPaid: () => coded(409, 'ORDER_NOT_PAID'),
  /** `until`: the event's `changes_until` as the buyer's page shows it. */
  orderChangesClosed: (until: string) => coded(409, 'ORDER_CHANGES_CLOSED', { until }),
  /** `field`: the label of an attendee field marked `locked_after_purchase`. */
  orderAnswerLocked: (field: string) => coded(409, 'ORDER_ANSWER_LOCKED', { field }),
  orderTicketNotFound: () => coded(404, 'ORDER_TICKET_NOT_FOUND'),
  orderResendLimit: (max: number) => coded(429, 'ORDER_RESEND_LIMIT', { max }),
  // A buyer's changes after paying (orders/transfer-ticket.ts, orders/cancel-by-buyer.ts, the payouts of the operator).
  ticketNotFound: () => coded(404, 'TICKET_NOT_FOUND'),
  /** A ticket revoked (transferred, cancelled) or already admitted at the door. */
  ticketNotTransferable: () => coded(409, 'TICKET_NOT_TRANSFERABLE'),
  transfersNotAllowed: () => coded(409, 'TRANSFERS_NOT_ALLOWED'),
  transferDeadlinePassed: (until: string) => coded(409, 'TRANSFER_DEADLINE_PASSED', { until }),
  transferLimitReached: (max: number) => coded(409, 'TRANSFER_LIMIT_REACHED', { max }),
  cancellationNotAllowed: () => coded(409, 'CANCELLATION_NOT_ALLOWED'),
  cancellationDeadlinePassed: (until: string) => coded(409, 'CANCELLATION_DEADLINE_PASSED', { until }),
  /** A ticket already revoked (cancelled, transferred), transferred to someone else, or admitted at the door. */
  ticketNotCancellable: () => coded(409, 'TICKET_NOT_CANCELLABLE'),
  clabeRequired: () => coded(400, 'CLABE_REQUIRED'),
  clabeLength: () => coded(400, 'CLABE_LENGTH'),
  clabeControlDigit: () => coded(400, 'CLABE_CONTROL_DIGIT'),
  clabeUnknownBank: (code: string) => coded(400, 'CLABE_UNKNOWN_BANK', { code }),
  clabeUnknownCity: (code: string) => coded(400, 'CLABE_UNKNOWN_CITY', { code }),
  payoutNotFound: () => coded(404, 'PAYOUT_NOT_FOUND'),
  orderSearchInvalid: () => coded(400, 'ORDER_SEARCH_INVALID'),
  refundTooLarge: (max: string) => coded(400, 'REFUND_TOO_LARGE', { max }),
  refundNotThroughProvider: () => coded(409, 'REFUND_NOT_THROUGH_PROVIDER'),
  // Invoices (invoicing/).
  /** Nothing charged, not paid (or called off), or no invoicing provider. */
  invoiceNotAvailable: () => coded(409, 'INVOICE_NOT_AVAILABLE'),
  /** `until`: the request window's end as the buyer's page shows it. */
  invoiceWindowClosed: (until: string) => coded(409, 'INVOICE_WINDOW_CLOSED', { until }),
  invoiceInGlobal: () => coded(409, 'INVOICE_IN_GLOBAL'),
  invoiceInProgress: () => coded(409, 'INVOICE_IN_PROGRESS'),
  /** `reason`: the provider's own sentence (facturapi answers in Spanish). */
  invoiceRejected: (reason: string) => coded(422, 'INVOICE_REJECTED', { reason }),
  invoiceNotFound: () => coded(404, 'INVOICE_NOT_FOUND'),
};
