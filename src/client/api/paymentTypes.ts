/**
 * Shapes of the payment and emission routes as the storefront reads them; the contract
 * lives in src/shared/api. The buyer's details travel as the buyer panel's form data; the
 * server judges them with the same schema (schemas/forms/buyer.schema.json).
 */
import type { LoaderStatus } from '../../shared/api';

export type {
  BuyerForm,
  CreatePreferenceRequest,
  CreatePreferenceResponse,
  FintocSessionRequest,
  FintocSessionResponse,
  LoaderProvider,
  LoaderRequest,
  LoaderResponse,
  OpenpayBuyerForm,
  OpenpayProcessPaymentRequest,
  OpenpayProcessPaymentResponse,
  PaymentLanguage,
  PaypalCreateOrderRequest,
  PaypalLink,
  PaypalOrderResponse,
  ProcessCardPaymentRequest,
  ProcessCardPaymentResponse,
  SuperTokenOrderRequest,
  SuperTokenOrderResponse,
  StripeCreateOrderRequest,
  StripeCreateOrderResponse,
  VerifyFreeRequest,
  VerifyFreeResponse,
  WalletEmission,
  WalletEmissionsResponse,
  WalletUrlRequest,
  WalletUrlResponse,
} from '../../shared/api';

/** A loader's payment status; anything else the server says counts as `other`. */
export type PaymentStatus = LoaderStatus;
