import { centsToPesos } from '../../../shared/money';
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
}

/**
 * MercadoPago card payments through its REST API (server to server, access token): the
 * token made by the browser SDK, our attempt as `external_reference`, the amount of the
 * purchase, one installment.
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
    async charge(input) {
      const body = {
        token: input.token,
        transaction_amount: centsToPesos(input.amountCents),
        installments: 1,
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
