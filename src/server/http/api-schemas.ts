import addInfoRequest from '../../../schemas/api/add-info.request.json';
import waitingListJoinRequest from '../../../schemas/api/waiting-list-join.request.json';
import waitingListJoinResponse from '../../../schemas/api/waiting-list-join.response.json';
import waitingListConfirmRequest from '../../../schemas/api/waiting-list-confirm.request.json';
import waitingListConfirmResponse from '../../../schemas/api/waiting-list-confirm.response.json';
import adminWaitingListResponse from '../../../schemas/api/admin-waiting-list.response.json';
import addInfoResponse from '../../../schemas/api/add-info.response.json';
import adminDashboardResponse from '../../../schemas/api/admin-dashboard.response.json';
import adminCancelPurchaseRequest from '../../../schemas/api/admin-cancel-purchase.request.json';
import adminCancelPurchaseResponse from '../../../schemas/api/admin-cancel-purchase.response.json';
import adminOrdersResponse from '../../../schemas/api/admin-orders.response.json';
import adminOrderResponse from '../../../schemas/api/admin-order.response.json';
import adminOrderResendResponse from '../../../schemas/api/admin-order-resend.response.json';
import adminOrderCancelRequest from '../../../schemas/api/admin-order-cancel.request.json';
import adminOrderCancelResponse from '../../../schemas/api/admin-order-cancel.response.json';
import adminPayoutConfirmResponse from '../../../schemas/api/admin-payout-confirm.response.json';
import orderCancelRequest from '../../../schemas/api/order-cancel.request.json';
import orderCancelResponse from '../../../schemas/api/order-cancel.response.json';
import orderTransferRequest from '../../../schemas/api/order-transfer.request.json';
import orderTransferResponse from '../../../schemas/api/order-transfer.response.json';
import checkinDeviceRequest from '../../../schemas/api/checkin-device.request.json';
import checkinDeviceResponse from '../../../schemas/api/checkin-device.response.json';
import checkinReportResponse from '../../../schemas/api/checkin-report.response.json';
import checkinScansRequest from '../../../schemas/api/checkin-scans.request.json';
import checkinScansResponse from '../../../schemas/api/checkin-scans.response.json';
import checkinSearchResponse from '../../../schemas/api/checkin-search.response.json';
import checkinSyncResponse from '../../../schemas/api/checkin-sync.response.json';
import adminImportResponse from '../../../schemas/api/admin-import.response.json';
import adminEventsResponse from '../../../schemas/api/admin-events.response.json';
import adminEventCreateRequest from '../../../schemas/api/admin-event-create.request.json';
import adminEventVersionsResponse from '../../../schemas/api/admin-event-versions.response.json';
import adminEventVersionResponse from '../../../schemas/api/admin-event-version.response.json';
import adminEventDiffResponse from '../../../schemas/api/admin-event-diff.response.json';
import adminEventRollbackRequest from '../../../schemas/api/admin-event-rollback.request.json';
import adminEventSchemaResponse from '../../../schemas/api/admin-event-schema.response.json';
import adminPreviewRequest from '../../../schemas/api/admin-preview.request.json';
import adminPreviewResponse from '../../../schemas/api/admin-preview.response.json';
import adminPreviewFileResponse from '../../../schemas/api/admin-preview-file.response.json';
import adminAttendeesResponse from '../../../schemas/api/admin-attendees.response.json';
import adminOutboxFailedResponse from '../../../schemas/api/admin-outbox-failed.response.json';
import adminOutboxRetryResponse from '../../../schemas/api/admin-outbox-retry.response.json';
import adminWebhookEndpointRequest from '../../../schemas/api/admin-webhook-endpoint.request.json';
import adminWebhookEndpointUpdateRequest from '../../../schemas/api/admin-webhook-endpoint-update.request.json';
import adminWebhookEndpointsResponse from '../../../schemas/api/admin-webhook-endpoints.response.json';
import adminWebhookEndpointResponse from '../../../schemas/api/admin-webhook-endpoint.response.json';
import adminWebhookSecretResponse from '../../../schemas/api/admin-webhook-secret.response.json';
import adminWebhookDeliveriesResponse from '../../../schemas/api/admin-webhook-deliveries.response.json';
import adminWebhookDeliveryResponse from '../../../schemas/api/admin-webhook-delivery.response.json';
import configResponse from '../../../schemas/api/config.response.json';
import emissionRequest from '../../../schemas/api/emission.request.json';
import emissionResponse from '../../../schemas/api/emission.response.json';
import errorResponse from '../../../schemas/api/error.response.json';
import eventResponse from '../../../schemas/api/event.response.json';
import fintocCreateSessionRequest from '../../../schemas/api/fintoc-create-session.request.json';
import fintocCreateSessionResponse from '../../../schemas/api/fintoc-create-session.response.json';
import freeVerifyRequest from '../../../schemas/api/free-verify.request.json';
import freeVerifyResponse from '../../../schemas/api/free-verify.response.json';
import healthResponse from '../../../schemas/api/health.response.json';
import mercadopagoCreatePreferenceRequest from '../../../schemas/api/mercadopago-create-preference.request.json';
import mercadopagoCreatePreferenceResponse from '../../../schemas/api/mercadopago-create-preference.response.json';
import mercadopagoInstallmentsRequest from '../../../schemas/api/mercadopago-installments.request.json';
import mercadopagoAccountInstallmentsRequest from '../../../schemas/api/mercadopago-account-installments.request.json';
import installmentsResponse from '../../../schemas/api/installments.response.json';
import stripeInstallmentsRequest from '../../../schemas/api/stripe-installments.request.json';
import stripeConfirmRequest from '../../../schemas/api/stripe-confirm.request.json';
import stripeConfirmResponse from '../../../schemas/api/stripe-confirm.response.json';
import mercadopagoProcessPaymentRequest from '../../../schemas/api/mercadopago-process-payment.request.json';
import mercadopagoProcessPaymentResponse from '../../../schemas/api/mercadopago-process-payment.response.json';
import mercadopagoSupertokenCreateOrderRequest from '../../../schemas/api/mercadopago-supertoken-create-order.request.json';
import mercadopagoSupertokenCreateOrderResponse from '../../../schemas/api/mercadopago-supertoken-create-order.response.json';
import waitingRoomStatusResponse from '../../../schemas/api/waiting-room-status.response.json';
import waitingRoomJoinRequest from '../../../schemas/api/waiting-room-join.request.json';
import adminWaitingRoomRequest from '../../../schemas/api/admin-waiting-room.request.json';
import adminWaitingRoomResponse from '../../../schemas/api/admin-waiting-room.response.json';
import newPurchaseRequest from '../../../schemas/api/new-purchase.request.json';
import newPurchaseResponse from '../../../schemas/api/new-purchase.response.json';
import openpayProcessPaymentRequest from '../../../schemas/api/openpay-process-payment.request.json';
import openpayProcessPaymentResponse from '../../../schemas/api/openpay-process-payment.response.json';
import paymentLoaderRequest from '../../../schemas/api/payment-loader.request.json';
import paypalCreateOrderRequest from '../../../schemas/api/paypal-create-order.request.json';
import paypalCreateOrderResponse from '../../../schemas/api/paypal-create-order.response.json';
import stripeCreateOrderRequest from '../../../schemas/api/stripe-create-order.request.json';
import stripeCreateOrderResponse from '../../../schemas/api/stripe-create-order.response.json';
import purchaseStatusResponse from '../../../schemas/api/purchase-status.response.json';
import readyResponse from '../../../schemas/api/ready.response.json';
import releaseSeatsRequest from '../../../schemas/api/release-seats.request.json';
import releaseSeatsResponse from '../../../schemas/api/release-seats.response.json';
import ticketLine from '../../../schemas/api/ticket-line.json';
import updateProductosRequest from '../../../schemas/api/update-productos.request.json';
import updateProductosResponse from '../../../schemas/api/update-productos.response.json';
import verifyDiscountRequest from '../../../schemas/api/verify-discount.request.json';
import verifyDiscountResponse from '../../../schemas/api/verify-discount.response.json';
import walletEmissionsResponse from '../../../schemas/api/wallet-emissions.response.json';
import orderAnswersRequest from '../../../schemas/api/order-answers.request.json';
import orderAnswersResponse from '../../../schemas/api/order-answers.response.json';
import orderFindRequest from '../../../schemas/api/order-find.request.json';
import orderFindResponse from '../../../schemas/api/order-find.response.json';
import orderResendResponse from '../../../schemas/api/order-resend.response.json';
import orderViewResponse from '../../../schemas/api/order-view.response.json';
import orderInvoiceRequest from '../../../schemas/api/order-invoice.request.json';
import orderInvoiceResponse from '../../../schemas/api/order-invoice.response.json';
import invoiceAtCheckoutRequest from '../../../schemas/api/invoice-at-checkout.request.json';
import invoiceAtCheckoutResponse from '../../../schemas/api/invoice-at-checkout.response.json';

import adminLoginRequest from '../../../schemas/api/admin-login.request.json';
import adminTotpRequest from '../../../schemas/api/admin-totp.request.json';
import adminPasswordRequest from '../../../schemas/api/admin-password.request.json';
import adminOperatorCreateRequest from '../../../schemas/api/admin-operator-create.request.json';
import adminOperatorUpdateRequest from '../../../schemas/api/admin-operator-update.request.json';
import adminSessionResponse from '../../../schemas/api/admin-session.response.json';
import adminPasswordResponse from '../../../schemas/api/admin-password.response.json';
import adminOperatorsResponse from '../../../schemas/api/admin-operators.response.json';
import adminOperatorResponse from '../../../schemas/api/admin-operator.response.json';
import adminOperatorCreateResponse from '../../../schemas/api/admin-operator-create.response.json';
import adminAuditResponse from '../../../schemas/api/admin-audit.response.json';
/**
 * Every schema under schemas/api, registered with `addSchema` and referenced by `$id` from routes:
 * request bodies (`*.request`) with their shared part, and the 200 answers (`*.response`). A
 * response schema also serialises the answer, dropping any property it does not declare, so each
 * lists every property its route returns (tests/unit/shared/api keeps them in step with
 * src/shared/api). Response schemas reuse parts only through local `#/definitions/…` refs: the
 * serialiser does not resolve one registered schema's ref to another from inside a third.
 */
export const apiSchemas: { $id: string }[] = [
  addInfoRequest, emissionRequest, fintocCreateSessionRequest, freeVerifyRequest,
  mercadopagoCreatePreferenceRequest, mercadopagoProcessPaymentRequest, newPurchaseRequest, openpayProcessPaymentRequest, paymentLoaderRequest, paypalCreateOrderRequest, ticketLine,
  updateProductosRequest, verifyDiscountRequest,
  addInfoResponse, adminImportResponse, adminOutboxFailedResponse, adminOutboxRetryResponse,
  configResponse, emissionResponse, errorResponse, eventResponse, fintocCreateSessionResponse, freeVerifyResponse,
  mercadopagoCreatePreferenceResponse, mercadopagoProcessPaymentResponse, newPurchaseResponse, openpayProcessPaymentResponse, paypalCreateOrderResponse, purchaseStatusResponse,
  updateProductosResponse, verifyDiscountResponse, walletEmissionsResponse,
  mercadopagoSupertokenCreateOrderRequest, mercadopagoSupertokenCreateOrderResponse,
  mercadopagoInstallmentsRequest, mercadopagoAccountInstallmentsRequest, installmentsResponse, stripeInstallmentsRequest, stripeConfirmRequest, stripeConfirmResponse,
  stripeCreateOrderRequest, stripeCreateOrderResponse,
  healthResponse, readyResponse,
  releaseSeatsRequest, releaseSeatsResponse,
  adminPreviewRequest, adminPreviewResponse, adminPreviewFileResponse,
  adminCancelPurchaseRequest, adminCancelPurchaseResponse, adminDashboardResponse,
  orderTransferRequest, orderTransferResponse, orderCancelRequest, orderCancelResponse, adminPayoutConfirmResponse,
  checkinDeviceRequest, checkinScansRequest,
  checkinDeviceResponse, checkinReportResponse, checkinScansResponse, checkinSearchResponse, checkinSyncResponse,
  orderAnswersRequest, orderFindRequest,
  orderAnswersResponse, orderFindResponse, orderResendResponse, orderViewResponse,
  adminWebhookEndpointRequest, adminWebhookEndpointUpdateRequest, adminWebhookEndpointsResponse, adminWebhookEndpointResponse, adminWebhookSecretResponse, adminWebhookDeliveriesResponse, adminWebhookDeliveryResponse,
  adminEventCreateRequest, adminEventRollbackRequest,
  adminEventsResponse, adminEventVersionsResponse, adminEventVersionResponse, adminEventDiffResponse, adminEventSchemaResponse,
  adminOrderCancelRequest, adminOrdersResponse, adminOrderResponse, adminOrderResendResponse, adminOrderCancelResponse,
  adminAttendeesResponse,
  adminLoginRequest, adminTotpRequest, adminPasswordRequest, adminOperatorCreateRequest, adminOperatorUpdateRequest, adminSessionResponse, adminPasswordResponse, adminOperatorsResponse, adminOperatorResponse, adminOperatorCreateResponse, adminAuditResponse,
  orderInvoiceRequest, orderInvoiceResponse, invoiceAtCheckoutRequest, invoiceAtCheckoutResponse,
  waitingRoomJoinRequest, waitingRoomStatusResponse, adminWaitingRoomRequest, adminWaitingRoomResponse,
  waitingListJoinRequest, waitingListJoinResponse, waitingListConfirmRequest, waitingListConfirmResponse, adminWaitingListResponse,
];

/** The `response` option of a route: its answer's schema, `schemas/api/{id}.response.json`, under its status (200 unless told). */
export const answers = (id: string, status = 200) => ({ [status]: { $ref: `api/${id}.response#` } });

const apiSchemaById = new Map<string, unknown>(apiSchemas.map((schema) => [schema.$id, schema]));

/**
 * The registered schema a `$ref` of a request schema names: `api/x.request#`, or `ticket-line`
 * (relative to the `api/` ids); undefined for anything else (a local `#/…` ref).
 */
export function apiSchemaByRef(ref: string): unknown {
  const id = ref.replace(/#$/, '');
  return apiSchemaById.get(id) ?? apiSchemaById.get(`api/${id}`);
}
