import { centsToPesos } from '../../../shared/money';
import { joinUrl, requestJson } from '../http-client';
import type { ObservedPayment } from '../provider';
import type { MercadoPagoPayment } from '../../../shared/provider-wire';
import { observeMercadoPagoPayment } from './mercadopago.provider';

/** The chosen method of a MercadoPago account as the merchant's server reads it: never a whole card number. */
export interface MercadoPagoAccountMethod {
  id: string;
  type: string;
  payment_method: { id: string; name?: string; payment_type_id?: string };
  first_six_digits?: string | null;
  last_four_digits?: string | null;
}

export interface FastPaymentChargeInput {
  attemptId: string;
  /** The fast-payment ("super") token the authenticator gave the browser. */
  fastPaymentToken: string;
  /** The account method the buyer chose (its pseudotoken, or `account_money`). */
  method: MercadoPagoAccountMethod;
  amountCents: number;
  /** The months of a plan checked against the card's `installmentPlans` (1: one payment; account money always 1). */
  installments: number;
  payerEmail: string;
  description: string;
  notificationUrl: string;
  idempotencyKey: string;
}

export interface MercadoPagoFastPayments {
  /** One method of the account behind a fast-payment token (its BIN is checked before charging). */
  readAccountMethod(fastPaymentToken: string, methodId: string): Promise<MercadoPagoAccountMethod>;
  /** `POST /v1/payments` paying with the account's chosen method: approved, in process or rejected at once. */
  chargeFastPayment(input: FastPaymentChargeInput): Promise<ObservedPayment>;
}

/**
 * Super-token payments over MercadoPago's REST API, the same `POST /v1/payments` as a card
 * payment: the chosen method's id as `token`, the fast-payment token beside it, our attempt
 * as `external_reference`, the purchase's amount, the months of the checked plan. (MercadoPago documents
 * fast payments only through its JS SDK; these server shapes are the ones
 * docs/payments.md describes.)
 */
export function mercadoPagoFastPayments(options: { apiUrl: () => string; accessToken: string }): MercadoPagoFastPayments {
  const auth = () => ({ authorization: `Bearer ${options.accessToken}`, 'content-type': 'application/json' });
  const api = (path: string) => joinUrl(options.apiUrl(), path);
  return {
    async readAccountMethod(fastPaymentToken, methodId) {
      const query = new URLSearchParams({ fast_payment_token: fastPaymentToken }).toString();
      const { body } = await requestJson<MercadoPagoAccountMethod>('mercadopago', api(`/v1/fast_payments/payment_methods/${encodeURIComponent(methodId)}?${query}`), { method: 'GET', headers: auth() });
      return body;
    },
    async chargeFastPayment(input) {
      const body = {
        token: input.method.id,
        fast_payment_token: input.fastPaymentToken,
        transaction_amount: centsToPesos(input.amountCents),
        installments: input.installments,
        payment_method_id: input.method.payment_method.id,
        payer: { email: input.payerEmail },
        external_reference: input.attemptId,
        description: input.description,
        notification_url: input.notificationUrl,
        statement_descriptor: 'BOLETOS',
        binary_mode: false,
      };
      const { body: payment } = await requestJson<MercadoPagoPayment>('mercadopago', api('/v1/payments'), {
        method: 'POST',
        headers: { ...auth(), 'x-idempotency-key': input.idempotencyKey },
        body: JSON.stringify(body),
      });
      return observeMercadoPagoPayment(payment);
    },
  };
}
