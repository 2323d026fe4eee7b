/**
 * Keeps the answer types of src/shared/api and schemas/api/*.response.json in step (decision 002).
 * A response schema also serialises the answer and drops what it does not declare, so a property
 * added to a type but not to its schema would silently vanish on the wire: this test catches it.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import addInfo from '../../../../schemas/api/add-info.response.json';
import adminAttendees from '../../../../schemas/api/admin-attendees.response.json';
import adminImport from '../../../../schemas/api/admin-import.response.json';
import adminEvents from '../../../../schemas/api/admin-events.response.json';
import adminEventVersions from '../../../../schemas/api/admin-event-versions.response.json';
import adminEventVersion from '../../../../schemas/api/admin-event-version.response.json';
import adminEventDiff from '../../../../schemas/api/admin-event-diff.response.json';
import adminOutboxFailed from '../../../../schemas/api/admin-outbox-failed.response.json';
import adminWaitingList from '../../../../schemas/api/admin-waiting-list.response.json';
import waitingListJoin from '../../../../schemas/api/waiting-list-join.response.json';
import waitingListConfirm from '../../../../schemas/api/waiting-list-confirm.response.json';
import adminOutboxRetry from '../../../../schemas/api/admin-outbox-retry.response.json';
import adminWebhookDeliveries from '../../../../schemas/api/admin-webhook-deliveries.response.json';
import adminWebhookDelivery from '../../../../schemas/api/admin-webhook-delivery.response.json';
import adminWebhookEndpoint from '../../../../schemas/api/admin-webhook-endpoint.response.json';
import adminWebhookEndpoints from '../../../../schemas/api/admin-webhook-endpoints.response.json';
import adminWebhookSecret from '../../../../schemas/api/admin-webhook-secret.response.json';
import adminPreview from '../../../../schemas/api/admin-preview.response.json';
import adminPreviewFile from '../../../../schemas/api/admin-preview-file.response.json';
import checkinDevice from '../../../../schemas/api/checkin-device.response.json';
import checkinReport from '../../../../schemas/api/checkin-report.response.json';
import checkinScans from '../../../../schemas/api/checkin-scans.response.json';
import checkinSearch from '../../../../schemas/api/checkin-search.response.json';
import checkinSync from '../../../../schemas/api/checkin-sync.response.json';
import config from '../../../../schemas/api/config.response.json';
import emission from '../../../../schemas/api/emission.response.json';
import error from '../../../../schemas/api/error.response.json';
import event from '../../../../schemas/api/event.response.json';
import fintocCreateSession from '../../../../schemas/api/fintoc-create-session.response.json';
import freeVerify from '../../../../schemas/api/free-verify.response.json';
import health from '../../../../schemas/api/health.response.json';
import mercadopagoCreatePreference from '../../../../schemas/api/mercadopago-create-preference.response.json';
import mercadopagoProcessPayment from '../../../../schemas/api/mercadopago-process-payment.response.json';
import mercadopagoSupertokenCreateOrder from '../../../../schemas/api/mercadopago-supertoken-create-order.response.json';
import openpayProcessPayment from '../../../../schemas/api/openpay-process-payment.response.json';
import stripeCreateOrder from '../../../../schemas/api/stripe-create-order.response.json';
import newPurchase from '../../../../schemas/api/new-purchase.response.json';
import paypalCreateOrder from '../../../../schemas/api/paypal-create-order.response.json';
import purchaseStatus from '../../../../schemas/api/purchase-status.response.json';
import releaseSeats from '../../../../schemas/api/release-seats.response.json';
import ready from '../../../../schemas/api/ready.response.json';
import updateProductos from '../../../../schemas/api/update-productos.response.json';
import verifyDiscount from '../../../../schemas/api/verify-discount.response.json';
import walletEmissions from '../../../../schemas/api/wallet-emissions.response.json';
import orderAnswers from '../../../../schemas/api/order-answers.response.json';
import orderFind from '../../../../schemas/api/order-find.response.json';
import orderResend from '../../../../schemas/api/order-resend.response.json';
import orderView from '../../../../schemas/api/order-view.response.json';
import waitingRoomStatus from '../../../../schemas/api/waiting-room-status.response.json';
import adminWaitingRoom from '../../../../schemas/api/admin-waiting-room.response.json';
import type * as Api from '../../../../src/shared/api';
import { ORDER_AMOUNT_FIELDS } from '../../../../src/shared/api';
import type { HtmlBlock, ProductImage, ProductOption, SelectOptions } from '../../../../src/shared/event-file/event-file.types';
import { apiSchemas } from '../../../../src/server/http/api-schemas';
import { enumOf, expectAgreement, prop, type Members, type Presence } from '../schema-manifest';

const R = 'required' as const;
const O = 'optional' as const;

const amounts = { amount: R, comission: R, amountOutDiscount: R, amountDiscount: R, amountProductos: R } as const satisfies Presence<Api.OrderAmounts>;
const errorBody = { mensaje: R, code: R, errors: O, payment_id: O, status_detail: O, problems: O } as const satisfies Presence<Api.ApiErrorBody>;
const saveProblem = { pointer: R, message: R } as const satisfies Presence<NonNullable<Api.ApiErrorBody['problems']>[number]>;
const adminEventList = { events: R } as const satisfies Presence<Api.AdminEventListResponse>;
const adminEvent = { url: R, name: R, starts_at: R, version: R, tickets_sold: R, tickets_held: R, checked_in: R, revenue: R } as const satisfies Presence<Api.AdminEventSummary>;
const versionList = { url: R, current_version: R, versions: R } as const satisfies Presence<Api.EventVersionListResponse>;
const versionView = { version: R, at: R, by: R, size: R } as const satisfies Presence<Api.EventVersionView>;
const versionWithFile = { ...versionView, file: R } as const satisfies Presence<Api.EventVersionResponse>;
const eventDiff = { from: R, to: R, patch: R, hunks: R } as const satisfies Presence<Api.EventDiffResponse>;
const diffHunk = { old_start: R, old_lines: R, new_start: R, new_lines: R, lines: R } as const satisfies Presence<Api.EventDiffHunk>;
const diffLine = { kind: R, text: R } as const satisfies Presence<Api.EventDiffLine>;
const diffLineKinds = { context: true, added: true, removed: true } satisfies Members<Api.EventDiffLine['kind']>;
const fieldError = { path: R, message: R } as const satisfies Presence<Api.ApiFieldError>;
const appConfig = { botCheck: R, mainSiteUrl: R, supportEmail: R, helpUrl: R, mercadopago: O, openpay: O, stripe: O, seatsio: O } as const satisfies Presence<Api.AppConfigResponse>;
const botCheck = { provider: R, siteKey: O, scriptUrl: R } as const satisfies Presence<Api.AppConfigResponse['botCheck']>;
const stripeCreateOrderResponse = { clientSecret: R, installments: O } as const satisfies Presence<Api.StripeCreateOrderResponse>;

const publicEvent = { event: R, tickets: R, productos: R } as const satisfies Presence<Api.PublicEventResponse>;
const eventInfo = { url: R, name: R, image_path: R, starts_at: R, waiting_list: O, config: R, html: R, sala_espera: O, invoice_at_checkout: O } as const satisfies Presence<Api.PublicEventInfo>;
const htmlBlock = { posicion: R, html: R } as const satisfies Presence<HtmlBlock>;
const ticketType = {
  id: R, name: R, price: R, description: R, minimum: R, maximum: R,
  md: R, md_quantity: R, md_ispercentage: R, md_minimum: R, has_form: R,
} as const satisfies Presence<Api.PublicTicketType>;
const product = { id: R, nombre: R, precio: R, minimo: R, maximo: R, imagenes: R, descripcion: R, opciones: R } as const satisfies Presence<Api.PublicProduct>;
const productImage = { url: R, alt: O } as const satisfies Presence<ProductImage>;
const productOption = { id: R, label: R, options: R } as const satisfies Presence<ProductOption>;
const selectOptions = { values: R } as const satisfies Presence<SelectOptions>;

const newPurchaseResponse = {
  purchase_id: R, access_key: R, ...amounts, expiresTickets: R, tickets_emited: R, code: R, isFormRequiered: R,
} as const satisfies Presence<Api.NewPurchaseResponse>;
const verifyDiscountResponse = { code: R, amount: R, comission: R, amountOutDiscount: R, amountDiscount: R } as const satisfies Presence<Api.VerifyDiscountResponse>;
const releaseSeatsResponse = { released: R } as const satisfies Presence<Api.ReleaseSeatsResponse>;
const updateProductsResponse = { productos: R, isFormRequiered: R, ...amounts } as const satisfies Presence<Api.UpdateProductsResponse>;
const productLine = { id: R, nombre: R, cantidad: R, precio: R, opciones: R } as const satisfies Presence<Api.PurchaseProductLine>;
const addInfoResponse = { purchase_id: R, form_completed: R, isFormRequiered: R } as const satisfies Presence<Api.AddInfoResponse>;
const purchaseStatusResponse = { status: R, reload: O } as const satisfies Presence<Api.PurchaseStatusResponse>;
// The loaders answer with the same schema.
// One schema for both answers: the loaders add a rejected card payment's `status_detail`.
const loaderResponse = { ...purchaseStatusResponse, status_detail: O } as const satisfies Presence<Api.LoaderResponse>;
const reload = {
  purchase_id: R, url: R, tickets: R, productos: R, resumen: R, amounts: R, expires_at: R, code: R,
  buyer_info: R, emission_id: R, isFormRequiered: R, form_completed: R, meses: O,
} as const satisfies Presence<Api.PurchaseReload>;
const resumen = { tickets: R, productos: R } as const satisfies Presence<Api.PurchaseReload['resumen']>;
const ticketLine = {
  ticket_id: R, cantidad: R, price: R, name: R, md_quantity: O, md_ispercentage: O, md_minimum: O, seats: O,
} as const satisfies Presence<Api.PurchaseTicketLine>;
const buyerInfo = { name: R, email: R, phone: R, lang: R } as const satisfies Presence<Api.BuyerInfo>;

const createPreferenceResponse = { preference_id: R, init_point: R } as const satisfies Presence<Api.CreatePreferenceResponse>;
const processCardPaymentResponse = { payment_id: R, three_ds_info: O } as const satisfies Presence<Api.ProcessCardPaymentResponse>;
const threeDsInfo = { external_resource_url: R, creq: R } as const satisfies Presence<NonNullable<Api.ProcessCardPaymentResponse['three_ds_info']>>;
const superTokenOrderResponse = { payment_id: R } as const satisfies Presence<Api.SuperTokenOrderResponse>;
const openpayProcessPaymentResponse = { payment_id: R, redirect_url: O } as const satisfies Presence<Api.OpenpayProcessPaymentResponse>;
const paypalOrderResponse = { order: R } as const satisfies Presence<Api.PaypalOrderResponse>;
const paypalOrder = { id: R, status: R, links: R } as const satisfies Presence<Api.PaypalOrderResponse['order']>;
const paypalLink = { href: R, rel: R, method: O } as const satisfies Presence<Api.PaypalLink>;
const fintocSessionResponse = { session_token: R, widget_url: R } as const satisfies Presence<Api.FintocSessionResponse>;
const verifyFreeResponse = { secretuuid: R } as const satisfies Presence<Api.VerifyFreeResponse>;
const walletEmissionsResponse = { emisiones: R } as const satisfies Presence<Api.WalletEmissionsResponse>;
const walletEmission = { id: R, name: R, serial: R } as const satisfies Presence<Api.WalletEmission>;
const walletUrlResponse = { url: R } as const satisfies Presence<Api.WalletUrlResponse>;

const importResponse = { url: R, created: R, version: R, tickets: R, productos: R, hidden_links: R } as const satisfies Presence<Api.ImportEventResponse>;
const hiddenLink = { ticket_id: R, name: R, link: R } as const satisfies Presence<Api.HiddenTicketLink>;
const eventPreview = { problems: R, event: R, module: R } as const satisfies Presence<Api.EventPreviewResponse>;
const previewProblem = { pointer: R, es: R, en: R } as const satisfies Presence<Api.EventPreviewProblem>;
const previewEvent = { name: R, currency: R, tickets: R } as const satisfies Presence<Api.EventPreviewEvent>;
const previewTicket = { id: R, name: R, price: R, description: R, minimum: R, maximum: R, hidden: R, hasForm: R } as const satisfies Presence<Api.EventPreviewTicket>;
const watchedPreview = { file: R, version: R, preview: R } as const satisfies Presence<Api.WatchedPreviewResponse>;
const deadMailList = { messages: R } as const satisfies Presence<Api.DeadMailListResponse>;
const webhookEndpoint = {
  id: R, event_url: R, url: R, description: R, event_types: R, enabled: R, disabled_reason: R, failing_since: R, created_at: R, updated_at: R,
} as const satisfies Presence<Api.WebhookEndpointView>;
const webhookDelivery = {
  id: R, message_id: R, type: R, status: R, attempts: R, next_attempt_at: R, delivered_at: R, created_at: R, payload: R, attempt_log: R,
} as const satisfies Presence<Api.WebhookDeliveryView>;
const webhookAttempt = { number: R, manual: R, started_at: R, duration_ms: R, status_code: R, error: R, response_body: R } as const satisfies Presence<Api.WebhookAttemptView>;
const deadMail = {
  id: R, dedupe_key: R, kind: R, purchase_id: R, recipient: R, attempts: R, error: R, last_attempt_at: R, created_at: R,
} as const satisfies Presence<Api.DeadMailView>;
const requeue = { id: R, status: R } as const satisfies Presence<Api.RequeueMailResponse>;
const healthResponse = { status: R } as const satisfies Presence<Api.HealthResponse>;
const orderViewResponse = {
  purchase_id: R, alcance: R, estado: R, comprador: R, evento: R, boletos: R, pagos: R, montos: R, historial: R, acciones: R,
} as const satisfies Presence<Api.OrderViewResponse>;
const orderBuyer = { nombre: R, email: R } as const satisfies Presence<Api.OrderViewResponse['comprador']>;
const orderEvent = { nombre: R, url: R, inicio: R, fin: R, lugar: R, calendario_url: R } as const satisfies Presence<Api.OrderEventInfo>;
const orderVenue = { nombre: R, direccion: R, mapa_url: R } as const satisfies Presence<Api.OrderVenue>;
const orderTicket = {
  id: R, folio: R, tipo: R, tipo_id: R, asiento: R, titular: R, qr: R, pdf_url: R, pase_url: R, respuestas: R, bloqueados: R, transferible: R, cancelable: R,
} as const satisfies Presence<Api.OrderTicket>;
const orderPayment = { metodo: R, estado: R, monto: R, moneda: R, fecha: R, meses: O } as const satisfies Presence<Api.OrderPayment>;
const orderPaymentPlan = { meses: R, total: R, sin_intereses: R } as const satisfies Presence<NonNullable<Api.OrderPayment['meses']>>;
const orderHistoryEntry = { fecha: R, estado: R, motivo: R } as const satisfies Presence<Api.OrderHistoryEntry>;
const orderActions = { changes_until: R, corregir_respuestas: R, reenviar: R, transferir: R, cancelar: R } as const satisfies Presence<Api.OrderActions>;
const findOrderResponse = { mensaje: R } as const satisfies Presence<Api.FindOrderResponse>;
const resendTicketsResponse = { restantes: R } as const satisfies Presence<Api.ResendTicketsResponse>;
const correctAnswersResponse = { boleto: R } as const satisfies Presence<Api.CorrectAnswersResponse>;
const readyResponse = { status: R } as const satisfies Presence<Api.ReadyResponse>;

const checkinDeviceResponse = { device_id: R, token: R, url: R } as const satisfies Presence<Api.CreateCheckinDeviceResponse>;
const checkinList = { id: R, name: R, ticket_types: R, opens_at: R, closes_at: R, allow_reentry: R } as const satisfies Presence<Api.CheckinListView>;
const checkinTicket = { id: R, folio: R, type: R, type_name: R, seat: R, holder: R, checked_in: R, legacy_code: R } as const satisfies Presence<Api.CheckinTicketView>;
const checkinSyncResponse = { device: R, list: R, keys: R, tickets: R, revocations: R, cursor: R, more: R } as const satisfies Presence<Api.CheckinSyncResponse>;
const syncDevice = { id: R, name: R } as const satisfies Presence<Api.CheckinSyncResponse['device']>;
const syncKey = { key_id: R, public_key: R } as const satisfies Presence<Api.CheckinSyncResponse['keys'][number]>;
const syncRevocation = { ticket_id: R, reason: R } as const satisfies Presence<Api.CheckinSyncResponse['revocations'][number]>;
const checkinScansResponse = { results: R } as const satisfies Presence<Api.CheckinScansResponse>;
const scanResult = { nonce: R, verdict: R, ticket: O, first_entry: O, revoked_reason: O } as const satisfies Presence<Api.CheckinScanResult>;
const firstEntry = { at: R, device: R } as const satisfies Presence<NonNullable<Api.CheckinScanResult['first_entry']>>;
const checkinSearchResponse = { tickets: R } as const satisfies Presence<Api.CheckinSearchResponse>;
type ReportList = Api.CheckinReportResponse['lists'][number];
const checkinReportResponse = { lists: R, devices: R } as const satisfies Presence<Api.CheckinReportResponse>;
const reportList = { id: R, name: R, types: R, conflicts: R } as const satisfies Presence<ReportList>;
const reportType = { ticket_type: R, name: R, admitted: R, total: R } as const satisfies Presence<ReportList['types'][number]>;
const attendeeList = { columnas: R, campos: R, asistentes: R, siguiente: R } as const satisfies Presence<Api.AttendeeListResponse>;
const attendeeColumn = { id: R, titulo: R } as const satisfies Presence<Api.AttendeeColumn>;
const attendeeView = {
  boleto_id: R, folio: R, tipo: R, tipo_id: R, asiento: R, titular_nombre: R, titular_email: R, comprador_nombre: R, comprador_email: R,
  comprador_telefono: R, referencia: R, estado: R, pagado_en: R, metodo_pago: R, ingreso_en: R, respuestas: R,
} as const satisfies Presence<Api.AttendeeView>;
const reportDevice = { id: R, name: R, list: R, revoked: R, last_sync_at: R } as const satisfies Presence<Api.CheckinReportResponse['devices'][number]>;

const botCheckProviders = { recaptcha: true } satisfies Members<Api.AppConfigResponse['botCheck']['provider']>;
const languages = { es: true, en: true } satisfies Members<Api.PaymentLanguage>;
const mailKinds = { tickets: true, refund: true, cancelled: true, order_link: true, transfer: true, invoice: true, waiting_confirm: true, waiting_offer: true } satisfies Members<Api.DeadMailView['kind']>;
const healthStatuses = { ok: true } satisfies Members<Api.HealthResponse['status']>;
const readyStatuses = { ready: true } satisfies Members<Api.ReadyResponse['status']>;
const verdicts = {
  ok: true, already_used: true, revoked: true, unknown: true, wrong_list: true, not_open: true, closed: true,
} satisfies Members<Api.CheckinVerdict>;
const revocationReasons = { refunded: true, dispute_lost: true, organiser: true, buyer: true, transferred: true } satisfies Members<Api.RevocationReason>;

const waitingJoin = { enviado: R } as const satisfies Presence<Api.WaitingListJoinResponse>;
const waitingConfirm = { url: R, evento: R, boleto: R, cantidad: R, estado: R, lugar: R } as const satisfies Presence<Api.WaitingListConfirmResponse>;
const waitingList = { enabled: R, offer_hours: R, entries: R } as const satisfies Presence<Api.AdminWaitingListResponse>;
const waitingEntry = {
  id: R, ticket_id: R, ticket_name: R, email: R, erased_at: R, quantity: R, state: R, place: R, joined_at: R, confirmed_at: R, offered_at: R, offer_until: R, purchase_id: R,
} as const satisfies Presence<Api.AdminWaitingEntry>;

const reloadSchema = prop(purchaseStatus, 'definitions', 'reload');
const productLineSchema = prop(purchaseStatus, 'definitions', 'productLine');

describe('answer types agree with schemas/api/*.response.json', () => {
  it.each([
    ['ApiErrorBody', error, errorBody],
    ['ApiFieldError', prop(error, 'properties', 'errors', 'items'), fieldError],
    ['AppConfigResponse', config, appConfig],
    ['AppConfigResponse.botCheck', prop(config, 'properties', 'botCheck'), botCheck],
    ['PublicEventResponse', event, publicEvent],
    ['PublicEventInfo', prop(event, 'properties', 'event'), eventInfo],
    ['HtmlBlock', prop(event, 'properties', 'event', 'properties', 'html', 'items'), htmlBlock],
    ['PublicTicketType', prop(event, 'properties', 'tickets', 'items'), ticketType],
    ['PublicProduct', prop(event, 'properties', 'productos', 'items'), product],
    ['ProductImage', prop(event, 'properties', 'productos', 'items', 'properties', 'imagenes', 'items'), productImage],
    ['ProductOption', prop(event, 'properties', 'productos', 'items', 'properties', 'opciones', 'items'), productOption],
    ['SelectOptions', prop(event, 'properties', 'productos', 'items', 'properties', 'opciones', 'items', 'properties', 'options'), selectOptions],
    ['NewPurchaseResponse', newPurchase, newPurchaseResponse],
    ['VerifyDiscountResponse', verifyDiscount, verifyDiscountResponse],
    ['UpdateProductsResponse', updateProductos, updateProductsResponse],
    ['PurchaseProductLine (update-productos)', prop(updateProductos, 'properties', 'productos', 'items'), productLine],
    ['AddInfoResponse', addInfo, addInfoResponse],
    ['ReleaseSeatsResponse', releaseSeats, releaseSeatsResponse],
    ['PurchaseStatusResponse', purchaseStatus, { ...purchaseStatusResponse, status_detail: O }],
    ['LoaderResponse', purchaseStatus, loaderResponse],
    ['PurchaseReload', reloadSchema, reload],
    ['PurchaseReload.resumen', prop(reloadSchema, 'properties', 'resumen'), resumen],
    ['OrderAmounts', prop(reloadSchema, 'properties', 'amounts'), amounts],
    ['BuyerInfo', prop(reloadSchema, 'properties', 'buyer_info', 'anyOf', '0'), buyerInfo],
    ['PurchaseTicketLine', prop(purchaseStatus, 'definitions', 'ticketLine'), ticketLine],
    ['PurchaseProductLine (reload)', productLineSchema, productLine],
    ['CreatePreferenceResponse', mercadopagoCreatePreference, createPreferenceResponse],
    ['ProcessCardPaymentResponse', mercadopagoProcessPayment, processCardPaymentResponse],
    ['ProcessCardPaymentResponse.three_ds_info', prop(mercadopagoProcessPayment, 'properties', 'three_ds_info'), threeDsInfo],
    ['SuperTokenOrderResponse', mercadopagoSupertokenCreateOrder, superTokenOrderResponse],
    ['OpenpayProcessPaymentResponse', openpayProcessPayment, openpayProcessPaymentResponse],
    ['PaypalOrderResponse', paypalCreateOrder, paypalOrderResponse],
    ['PaypalOrderResponse.order', prop(paypalCreateOrder, 'properties', 'order'), paypalOrder],
    ['PaypalLink', prop(paypalCreateOrder, 'properties', 'order', 'properties', 'links', 'items'), paypalLink],
    ['FintocSessionResponse', fintocCreateSession, fintocSessionResponse],
    ['StripeCreateOrderResponse', stripeCreateOrder, stripeCreateOrderResponse],
    ['VerifyFreeResponse', freeVerify, verifyFreeResponse],
    ['WalletEmissionsResponse', walletEmissions, walletEmissionsResponse],
    ['WalletEmission', prop(walletEmissions, 'properties', 'emisiones', 'items'), walletEmission],
    ['WalletUrlResponse', emission, walletUrlResponse],
    ['ImportEventResponse', adminImport, importResponse],
    ['ApiErrorBody.problems', prop(error, 'properties', 'problems', 'items'), saveProblem],
    ['AdminEventListResponse', adminEvents, adminEventList],
    ['AdminEventSummary', prop(adminEvents, 'properties', 'events', 'items'), adminEvent],
    ['EventVersionListResponse', adminEventVersions, versionList],
    ['EventVersionView', prop(adminEventVersions, 'properties', 'versions', 'items'), versionView],
    ['EventVersionResponse', adminEventVersion, versionWithFile],
    ['EventDiffResponse', adminEventDiff, eventDiff],
    ['EventDiffHunk', prop(adminEventDiff, 'properties', 'hunks', 'items'), diffHunk],
    ['EventDiffLine', prop(adminEventDiff, 'properties', 'hunks', 'items', 'properties', 'lines', 'items'), diffLine],
    ['HiddenTicketLink', prop(adminImport, 'properties', 'hidden_links', 'items'), hiddenLink],
    ['EventPreviewResponse', adminPreview, eventPreview],
    ['EventPreviewProblem', prop(adminPreview, 'properties', 'problems', 'items'), previewProblem],
    ['EventPreviewEvent', prop(adminPreview, 'properties', 'event', 'anyOf', '1'), previewEvent],
    ['EventPreviewTicket', prop(adminPreview, 'properties', 'event', 'anyOf', '1', 'properties', 'tickets', 'items'), previewTicket],
    ['WatchedPreviewResponse', adminPreviewFile, watchedPreview],
    ['EventPreviewResponse (watched)', prop(adminPreviewFile, 'definitions', 'preview'), eventPreview],
    ['DeadMailListResponse', adminOutboxFailed, deadMailList],
    ['DeadMailView', prop(adminOutboxFailed, 'properties', 'messages', 'items'), deadMail],
    ['WaitingListJoinResponse', waitingListJoin, waitingJoin],
    ['WaitingListConfirmResponse', waitingListConfirm, waitingConfirm],
    ['AdminWaitingListResponse', adminWaitingList, waitingList],
    ['AdminWaitingEntry', prop(adminWaitingList, 'properties', 'entries', 'items'), waitingEntry],
    ['RequeueMailResponse', adminOutboxRetry, requeue],
    ['WebhookEndpointListResponse', adminWebhookEndpoints, { endpoints: R } as const satisfies Presence<Api.WebhookEndpointListResponse>],
    ['WebhookEndpointView (list)', prop(adminWebhookEndpoints, 'definitions', 'endpoint'), webhookEndpoint],
    ['WebhookEndpointResponse', adminWebhookEndpoint, { endpoint: R } as const satisfies Presence<Api.WebhookEndpointResponse>],
    ['WebhookEndpointView (one)', prop(adminWebhookEndpoint, 'definitions', 'endpoint'), webhookEndpoint],
    ['WebhookEndpointSecretResponse', adminWebhookSecret, { endpoint: R, secret: R } as const satisfies Presence<Api.WebhookEndpointSecretResponse>],
    ['WebhookEndpointView (secret)', prop(adminWebhookSecret, 'definitions', 'endpoint'), webhookEndpoint],
    ['WebhookDeliveryListResponse', adminWebhookDeliveries, { deliveries: R, next_cursor: R } as const satisfies Presence<Api.WebhookDeliveryListResponse>],
    ['WebhookDeliveryView (list)', prop(adminWebhookDeliveries, 'definitions', 'delivery'), webhookDelivery],
    ['WebhookAttemptView (list)', prop(adminWebhookDeliveries, 'definitions', 'attempt'), webhookAttempt],
    ['WebhookDeliveryResponse', adminWebhookDelivery, { delivery: R } as const satisfies Presence<Api.WebhookDeliveryResponse>],
    ['WebhookDeliveryView (one)', prop(adminWebhookDelivery, 'definitions', 'delivery'), webhookDelivery],
    ['WebhookAttemptView (one)', prop(adminWebhookDelivery, 'definitions', 'attempt'), webhookAttempt],
    ['HealthResponse', health, healthResponse],
    ['OrderViewResponse', orderView, orderViewResponse],
    ['OrderViewResponse.comprador', prop(orderView, 'properties', 'comprador'), orderBuyer],
    ['OrderEventInfo', prop(orderView, 'properties', 'evento'), orderEvent],
    ['OrderVenue', prop(orderView, 'properties', 'evento', 'properties', 'lugar', 'anyOf', '1'), orderVenue],
    ['OrderTicket (view)', prop(orderView, 'definitions', 'ticket'), orderTicket],
    ['OrderPayment', prop(orderView, 'properties', 'pagos', 'items'), orderPayment],
    ['OrderPayment.meses', prop(orderView, 'properties', 'pagos', 'items', 'properties', 'meses'), orderPaymentPlan],
    ['OrderAmounts (order)', prop(orderView, 'properties', 'montos'), amounts],
    ['OrderHistoryEntry', prop(orderView, 'properties', 'historial', 'items'), orderHistoryEntry],
    ['OrderActions', prop(orderView, 'properties', 'acciones'), orderActions],
    ['FindOrderResponse', orderFind, findOrderResponse],
    ['WaitingRoomStatusResponse', waitingRoomStatus, { estado: R, lugar: R, espera_segundos: R, abre: R, turno: R, turno_vence: R } as const satisfies Presence<Api.WaitingRoomStatusResponse>],
    ['WaitingRoomAdminResponse', adminWaitingRoom, { mode: R, admit_per_minute: R, places: R, admitted: R } as const satisfies Presence<Api.WaitingRoomAdminResponse>],
    ['ResendTicketsResponse', orderResend, resendTicketsResponse],
    ['CorrectAnswersResponse', orderAnswers, correctAnswersResponse],
    ['OrderTicket (answers)', prop(orderAnswers, 'definitions', 'ticket'), orderTicket],
    ['ReadyResponse', ready, readyResponse],
    ['CreateCheckinDeviceResponse', checkinDevice, checkinDeviceResponse],
    ['CheckinSyncResponse', checkinSync, checkinSyncResponse],
    ['CheckinSyncResponse.device', prop(checkinSync, 'properties', 'device'), syncDevice],
    ['CheckinListView', prop(checkinSync, 'properties', 'list'), checkinList],
    ['CheckinSyncResponse.keys', prop(checkinSync, 'properties', 'keys', 'items'), syncKey],
    ['CheckinSyncResponse.revocations', prop(checkinSync, 'properties', 'revocations', 'items'), syncRevocation],
    ['CheckinTicketView (sync)', prop(checkinSync, 'definitions', 'ticket'), checkinTicket],
    ['CheckinScansResponse', checkinScans, checkinScansResponse],
    ['CheckinScanResult', prop(checkinScans, 'properties', 'results', 'items'), scanResult],
    ['CheckinScanResult.first_entry', prop(checkinScans, 'properties', 'results', 'items', 'properties', 'first_entry'), firstEntry],
    ['CheckinTicketView (scans)', prop(checkinScans, 'definitions', 'ticket'), checkinTicket],
    ['CheckinSearchResponse', checkinSearch, checkinSearchResponse],
    ['CheckinTicketView (search)', prop(checkinSearch, 'definitions', 'ticket'), checkinTicket],
    ['CheckinReportResponse', checkinReport, checkinReportResponse],
    ['CheckinReportResponse.lists', prop(checkinReport, 'properties', 'lists', 'items'), reportList],
    ['CheckinReportResponse.lists.types', prop(checkinReport, 'properties', 'lists', 'items', 'properties', 'types', 'items'), reportType],
    ['CheckinReportResponse.devices', prop(checkinReport, 'properties', 'devices', 'items'), reportDevice],
    ['AttendeeListResponse', adminAttendees, attendeeList],
    ['AttendeeColumn', prop(adminAttendees, 'definitions', 'column'), attendeeColumn],
    ['AttendeeView', prop(adminAttendees, 'properties', 'asistentes', 'items'), attendeeView],
  ] as const)('%s', (_name, schema, manifest) => {
    expectAgreement(schema, manifest);
  });

  it('the five amount fields are the ones every priced answer carries', () => {
    expect([...ORDER_AMOUNT_FIELDS].sort()).toEqual(Object.keys(amounts).sort());
    for (const schema of [newPurchase, updateProductos]) {
      for (const field of ORDER_AMOUNT_FIELDS) expect(prop(schema, 'properties', field)).toEqual({ type: 'number' });
    }
  });

  it('enumerations', () => {
    expect(enumOf(prop(config, 'properties', 'botCheck', 'properties', 'provider'))).toEqual(Object.keys(botCheckProviders).sort());
    expect(enumOf(prop(reloadSchema, 'properties', 'buyer_info', 'anyOf', '0', 'properties', 'lang'))).toEqual(Object.keys(languages).sort());
    expect(enumOf(prop(adminOutboxFailed, 'properties', 'messages', 'items', 'properties', 'kind'))).toEqual(Object.keys(mailKinds).sort());
    expect(enumOf(prop(health, 'properties', 'status'))).toEqual(Object.keys(healthStatuses));
    expect(enumOf(prop(adminEventDiff, 'properties', 'hunks', 'items', 'properties', 'lines', 'items', 'properties', 'kind'))).toEqual(Object.keys(diffLineKinds).sort());
    expect(enumOf(prop(ready, 'properties', 'status'))).toEqual(Object.keys(readyStatuses));
    expect(enumOf(prop(checkinScans, 'properties', 'results', 'items', 'properties', 'verdict'))).toEqual(Object.keys(verdicts).sort());
    for (const reason of [prop(checkinScans, 'properties', 'results', 'items', 'properties', 'revoked_reason'), prop(checkinSync, 'properties', 'revocations', 'items', 'properties', 'reason')]) {
      expect(enumOf(reason)).toEqual(Object.keys(revocationReasons).sort());
    }
  });

  it('the door answers share one ticket schema, and every ticket list refers to it', () => {
    // Each response schema carries its own copy (the serialiser resolves only local refs): the copies stay equal.
    expect(prop(checkinScans, 'definitions', 'ticket')).toEqual(prop(checkinSync, 'definitions', 'ticket'));
    expect(prop(checkinSearch, 'definitions', 'ticket')).toEqual(prop(checkinSync, 'definitions', 'ticket'));
    const ref = { $ref: '#/definitions/ticket' };
    expect(prop(checkinSync, 'properties', 'tickets', 'items')).toEqual(ref);
    expect(prop(checkinSearch, 'properties', 'tickets', 'items')).toEqual(ref);
    expect(prop(checkinScans, 'properties', 'results', 'items', 'properties', 'ticket')).toEqual(ref);
  });

  it('every schema file under schemas/api is registered with the server', () => {
    const files = readdirSync(new URL('../../../../schemas/api/', import.meta.url)).filter((file) => file.endsWith('.json'));
    expect(apiSchemas.map((schema) => `${schema.$id.replace(/^api\//, '')}.json`).sort()).toEqual(files.sort());
  });
});
