import type {
  BuyerForm,
  CreatePreferenceResponse,
  FintocSessionResponse,
  LoaderProvider,
  LoaderResponse,
  PaymentLanguage,
  PaypalOrderResponse,
  VerifyFreeResponse,
  WalletEmission,
} from './paymentTypes';

/**
 * The payment and emission calls this storefront makes (card
 * providers come with a later issue). Part of `ApiClient`; rejects with an
 * `ApiError` (with `validationErrors` for a FORM_INVALID answer) on a 4xx/5xx.
 */
export interface PaymentApi {
  createPreference(body: { purchase_id: string; buyer_info: BuyerForm; lang: PaymentLanguage }): Promise<CreatePreferenceResponse>;
  createPaypalOrder(body: { purchase_id: string; lang: PaymentLanguage }): Promise<PaypalOrderResponse>;
  createFintocSession(body: { purchase_id: string; buyer_info: BuyerForm; lang: PaymentLanguage }): Promise<FintocSessionResponse>;
  verifyFree(body: { purchase_id: string; buyer_info: BuyerForm; token: string; lang: PaymentLanguage }): Promise<VerifyFreeResponse>;
  /** `POST /payments/{provider}/loader-process` with the loader page's body. */
  loaderProcess(provider: LoaderProvider, body: Record<string, string>): Promise<LoaderResponse>;
  /** `GET /emissions/download/all`: the purchase's tickets as one PDF. */
  downloadTickets(emissionId: string, purchaseId: string): Promise<Blob>;
  /** `GET /emissions/obtener/wallet`. */
  getWalletEmissions(emissionId: string, purchaseId: string): Promise<{ emisiones: WalletEmission[] }>;
  /** `POST /emissions/download/wallet`: the pass URL of one ticket. */
  getWalletUrl(body: { emission_id: string; purchase_id: string }): Promise<{ url?: string | null }>;
}
