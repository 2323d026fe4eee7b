import type {
  CreatePreferenceRequest,
  CreatePreferenceResponse,
  FintocSessionRequest,
  FintocSessionResponse,
  LoaderProvider,
  LoaderResponse,
  OpenpayProcessPaymentRequest,
  OpenpayProcessPaymentResponse,
  PaypalCreateOrderRequest,
  PaypalOrderResponse,
  ProcessCardPaymentRequest,
  ProcessCardPaymentResponse,
  SuperTokenOrderRequest,
  SuperTokenOrderResponse,
  StripeCreateOrderRequest,
  StripeCreateOrderResponse,
  VerifyFreeRequest,
  VerifyFreeResponse,
  WalletEmissionsResponse,
  WalletUrlRequest,
  WalletUrlResponse,
} from './paymentTypes';
import type { InstallmentsResponse, MercadoPagoAccountInstallmentsRequest, MercadoPagoInstallmentsRequest, StripeConfirmRequest, StripeConfirmResponse, StripeInstallmentsRequest } from '../../shared/api/installments';

/**
 * The payment and emission calls that this storefront makes (other card providers come
 * with a later issue). Part of `ApiClient`; rejects with an `ApiError` (with `validationErrors`
 * for a FORM_INVALID answer) on a 4xx/5xx.
 */
export interface PaymentApi {
  createPreference(body: CreatePreferenceRequest): Promise<CreatePreferenceResponse>;
  createPaypalOrder(body: PaypalCreateOrderRequest): Promise<PaypalOrderResponse>;
  createFintocSession(body: FintocSessionRequest): Promise<FintocSessionResponse>;
  verifyFree(body: VerifyFreeRequest): Promise<VerifyFreeResponse>;
  /** `POST /payments/mercadopago/process-payment`: a card token (never card data) → the payment id. */
  processCardPayment(body: ProcessCardPaymentRequest): Promise<ProcessCardPaymentResponse>;
  /** `POST /payments/mercadopago-supertoken/create-order`: a fast-payment token and the chosen account method → the payment id. */
  createSuperTokenOrder(body: SuperTokenOrderRequest): Promise<SuperTokenOrderResponse>;
  /** `POST /payments/open-pay/process-payment`: an Openpay token and device session id → the charge id (and the 3-D Secure page, if any). */
  processOpenpayPayment(body: OpenpayProcessPaymentRequest): Promise<OpenpayProcessPaymentResponse>;
  /** `POST /payments/stripe/create-order`: the PaymentIntent's client secret (the same for a repeated call). */
  createStripeOrder(body: StripeCreateOrderRequest): Promise<StripeCreateOrderResponse>;
  /** `POST /payments/mercadopago/installments`: the card plans (meses sin intereses) for a BIN and the purchase's total. */
  mercadoPagoInstallments(body: MercadoPagoInstallmentsRequest): Promise<InstallmentsResponse>;
  /** `POST /payments/mercadopago/account-installments`: the plans of a saved method of the buyer's MercadoPago account (its fast-payment token and id). */
  mercadoPagoAccountInstallments(body: MercadoPagoAccountInstallmentsRequest): Promise<InstallmentsResponse>;
  /** `POST /payments/stripe/installments`: attaches the PaymentMethod to the purchase's intent → its plans. */
  stripeInstallments(body: StripeInstallmentsRequest): Promise<InstallmentsResponse>;
  /** `POST /payments/stripe/confirm`: the server confirms the intent with the chosen plan → the intent (and 3-D Secure page). */
  stripeConfirm(body: StripeConfirmRequest): Promise<StripeConfirmResponse>;
  /** `POST /payments/{provider}/loader-process` with the loader page's body. */
  loaderProcess(provider: LoaderProvider, body: Record<string, string>): Promise<LoaderResponse>;
  /** `GET /emissions/download/all`: the purchase's tickets as one PDF. */
  downloadTickets(emissionId: string, purchaseId: string): Promise<Blob>;
  /** `GET /emissions/obtener/wallet`. */
  getWalletEmissions(emissionId: string, purchaseId: string): Promise<WalletEmissionsResponse>;
  /** `POST /emissions/download/wallet`: the pass URL of one ticket. */
  getWalletUrl(body: WalletUrlRequest): Promise<WalletUrlResponse>;
}
