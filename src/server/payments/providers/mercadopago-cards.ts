import type { InstallmentPlan } from '../../../shared/api/installments';
import { centsToPesos, pesosToCents } from '../../../shared/money';
import { joinUrl, requestJson } from '../http-client';
import type { ObservedPayment } from '../provider';
import { mercadoPagoFastPayments, type MercadoPagoFastPayments } from './mercadopago-fast-payments';
import type { MercadoPagoPayment } from '../../../shared/provider-wire';
import { observeMercadoPagoPayment } from './mercadopago.provider';

/** The part of MercadoPago's card-token resource the server reads (`GET /v1/card_tokens/{id}`): never a card number. */
export interface MercadoPagoCardToken {
  id: string;
  first_six_digits?: string | null;
  last_four_digits?: string | null;
}

export interface CardChargeInput {
  attemptId: string;
  token: string;
  amountCents: number;
  paymentMethodId: string;
  issuerId: string | null;
  payerEmail: string;
  description: string;
  notificationUrl: string;
  /** The attempt's key: a retried or duplicated charge answers the same payment. */
  idempotencyKey: string;
  /** The months of a plan checked against `installmentPlans` (1: one payment). */
  installments: number;
}

/** One of MercadoPago's `payer_costs` (`GET /v1/payment_methods/installments`), the part the server reads. */
export interface MercadoPagoPayerCost {
  installments: number;
  installment_rate: number;
  installment_amount: number;
  total_amount: number;
  recommended_message?: string;
  labels?: string[];
}

/** The card's plans as MercadoPago offers them for an amount: the payer costs of the issuer it answers for. */
export function plansOfPayerCosts(answer: { payer_costs?: MercadoPagoPayerCost[] }[]): InstallmentPlan[] {
  return (answer[0]?.payer_costs ?? []).map((cost) => ({
    months: cost.installments,
    monthly_cents: pesosToCents(cost.installment_amount),
    total_cents: pesosToCents(cost.total_amount),
    interest_free: cost.installment_rate === 0,
  }));
}

/** A 3-D Secure challenge the issuer asks for: the browser posts `creq` to the issuer's page (`url`) in a frame. */
export interface CardChallenge {
  url: string;
  creq: string;
}

/** A card payment as MercadoPago answered its creation: our view of it, plus the challenge when one is due. */
export type CardCharge = ObservedPayment & { challenge: CardChallenge | null };

/** Card payments, and super-token payments with an account's saved method (mercadopago-fast-payments.ts). */
export interface MercadoPagoCards extends MercadoPagoFastPayments {
  /** The card data MercadoPago keeps for a token (first six and last four digits). */
  readToken(tokenId: string): Promise<MercadoPagoCardToken>;
  /** `POST /v1/payments` with the card token: approved, in process, rejected, or pending a 3-D Secure challenge. */
  charge(input: CardChargeInput): Promise<CardCharge>;
  /** `GET /v1/payment_methods/installments`: the plans the card's issuer offers for the amount (by BIN and payment method). */
  installmentPlans(input: { bin: string; paymentMethodId: string; amountCents: number }): Promise<InstallmentPlan[]>;
}

/**
 * MercadoPago card payments through its REST API (server to server, access token): the
 * token made by the browser SDK, our attempt as `external_reference`, the amount of the
 * purchase, and the months of a plan the server checked against `installmentPlans` (1 otherwise).
 */
export function mercadoPagoCards(options: { apiUrl: () => string; accessToken: string; threeDSecureMode?: 'optional' | 'not_supported' }): MercadoPagoCards {
  const auth = () => ({ authorization: `Bearer ${options.accessToken}`, 'content-type': 'application/json' });
  const api = (path: string) => joinUrl(options.apiUrl(), path);
  return {
    ...mercadoPagoFastPayments(options),
    async readToken(tokenId) {
      const { body } = await requestJson<MercadoPagoCardToken>('mercadopago', api(`/v1/card_tokens/${encodeURIComponent(tokenId)}`), { method: 'GET', headers: auth() });
      return body;
    },
    async installmentPlans(input) {
      const query = new URLSearchParams({ bin: input.bin, payment_method_id: input.paymentMethodId, amount: String(centsToPesos(input.amountCents)) });
      const { body } = await requestJson<{ payer_costs?: MercadoPagoPayerCost[] }[]>('mercadopago', api(`/v1/payment_methods/installments?${query}`), { method: 'GET', headers: auth() });
      return plansOfPayerCosts(Array.isArray(body) ? body : []);
    },
    async charge(input) {
      const body = {
        token: input.token,
        transaction_amount: centsToPesos(input.amountCents),
        installments: input.installments,
        payment_method_id: input.paymentMethodId,
        issuer_id: input.issuerId ?? undefined,
        payer: { email: input.payerEmail },
        external_reference: input.attemptId,
        description: input.description,
        notification_url: input.notificationUrl,
        statement_descriptor: 'BOLETOS',
        binary_mode: false,
        // `optional`: the issuer decides whether the buyer must pass a challenge (answered as
        // pending / pending_challenge with `three_ds_info`); `not_supported` never asks.
        three_d_secure_mode: options.threeDSecureMode ?? 'not_supported',
      };
      const { body: payment } = await requestJson<MercadoPagoPayment & { three_ds_info?: { external_resource_url?: string; creq?: string } | null }>('mercadopago', api('/v1/payments'), {
        method: 'POST',
        headers: { ...auth(), 'x-idempotency-key': input.idempotencyKey },
        body: JSON.stringify(body),
      });
      const info = payment.three_ds_info;
      const challenge = payment.status_detail === 'pending_challenge' && info?.external_resource_url && info.creq ? { url: info.external_resource_url, creq: info.creq } : null;
      return { ...observeMercadoPagoPayment(payment), challenge };
    },
  };
}
