import type { PaymentApi } from './PaymentApi';

/**
 * The HTTP verbs `createHttpApiClient` lends to the payment calls. `purchaseId` names the
 * purchase whose access key goes along (null: this tab's newest purchase; omitted: none).
 */
export interface HttpCalls {
  /** JSON in, JSON out. */
  request<T>(method: string, path: string, body?: unknown, purchaseId?: string | null): Promise<T>;
  /** The raw successful response (for files). */
  send(method: string, path: string, body?: unknown, accept?: string, purchaseId?: string | null): Promise<Response>;
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** The payment and emission routes (docs/api.md) over `http`. */
export function createPaymentCalls(http: HttpCalls): PaymentApi {
  return {
    // Starting a payment changes the purchase (buyer, attempt): the server wants its key.
    createPreference: (body) => http.request('POST', '/payments/mercadopago/create-preference', body, body.purchase_id),
    createPaypalOrder: (body) => http.request('POST', '/payments/paypal/create-order', body, body.purchase_id),
    createFintocSession: (body) => http.request('POST', '/payments/fintoc/create-session', body, body.purchase_id),
    processCardPayment: (body) => http.request('POST', '/payments/mercadopago/process-payment', body, body.purchase_id),
    createSuperTokenOrder: (body) => http.request('POST', '/payments/mercadopago-supertoken/create-order', body, body.purchase_id),
    processOpenpayPayment: (body) => http.request('POST', '/payments/open-pay/process-payment', body, body.purchase_id),
    createStripeOrder: (body) => http.request('POST', '/payments/stripe/create-order', body, body.purchase_id),
    mercadoPagoInstallments: (body) => http.request('POST', '/payments/mercadopago/installments', body, body.purchase_id),
    mercadoPagoAccountInstallments: (body) => http.request('POST', '/payments/mercadopago/account-installments', body, body.purchase_id),
    stripeInstallments: (body) => http.request('POST', '/payments/stripe/installments', body, body.purchase_id),
    stripeConfirm: (body) => http.request('POST', '/payments/stripe/confirm', body, body.purchase_id),
    verifyFree: (body) => http.request('POST', '/payments/free/verify-free', body, body.purchase_id),
    // A loader knows its purchase only when the return URL names it (Fintoc); otherwise it follows the newest.
    loaderProcess: (provider, body) => http.request('POST', `/payments/${provider}/loader-process`, body, body.purchase_id ?? null),
    downloadTickets: async (emissionId, purchaseId) =>
      (await http.send('GET', `/emissions/download/all?${query({ emission_id: emissionId, purchase_id: purchaseId })}`, undefined, 'application/pdf', purchaseId)).blob(),
    getWalletEmissions: (emissionId, purchaseId) =>
      http.request('GET', `/emissions/obtener/wallet?${query({ emission_id: emissionId, purchase_id: purchaseId })}`, undefined, purchaseId),
    getWalletUrl: (body) => http.request('POST', '/emissions/download/wallet', body, body.purchase_id),
  };
}
