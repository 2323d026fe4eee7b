import type { FastifyInstance, FastifyReply } from 'fastify';
import { findSandboxObject, insertSandboxObjectOnce, moveSandboxObject } from './objects.repository';
import type { MercadoPagoPayment } from '../../src/shared/provider-wire';
import type { SandboxRuntime } from '../runtime';
import { mercadoPagoError } from './error-formats';
import { answerWhenCreated } from './mercadopago-card-payments.sandbox';
import { accountOf, methodsOf, type FastPaymentMethod, type FastPaymentToken } from './mercadopago-fast-payments.sandbox';
import { payerCostsFor } from './mercadopago-installments.sandbox';
import { notifyMercadoPagoPayment, randomDigits } from './mercadopago.sandbox';

const P = 'mercadopago';

/** A super-token payment: a card of the account (with its card data) or its account money (none). */
export interface SandboxFastPayment extends MercadoPagoPayment {
  id: number;
  date_created: string;
  date_approved: string | null;
  date_last_updated: string;
  installments: number;
  payer: { email: string };
  description: string | null;
  live_mode: false;
  /** The account method paid with (its pseudotoken, or `account_money`). */
  fast_payment: { method_id: string; type: string };
  card?: { first_six_digits: string; last_four_digits: string; expiration_month: number; expiration_year: number; cardholder: { name: string } };
  transaction_details: { total_paid_amount: number; installment_amount: number; net_received_amount: number };
}

/** The part of a saved method the merchant's server may read (no card id, no pseudotoken state). */
const serverView = (method: FastPaymentMethod) => ({
  id: method.id, type: method.type, payment_method: method.payment_method, issuer: method.issuer,
  first_six_digits: method.first_six_digits, last_four_digits: method.last_four_digits,
});

/**
 * The server-to-server side of fast payments (sandbox-only shapes, documented in
 * docs/payments.md): `GET /v1/fast_payments/payment_methods/{id}?fast_payment_token=` (access token)
 * reads the chosen method of the account behind a token — the merchant checks its BIN before
 * charging — and `chargeFastPayment` answers `POST /v1/payments` when the body carries a
 * `fast_payment_token` (`token` = the chosen method's id) and `installments`, one of the saved
 * card's plans for the amount (`payerCostsFor`, as a card token's payment). The test customer's `+tag`
 * (`test_user_mx+othe@testuser.com`) picks the outcome with the cardholder-name convention's
 * words; no tag (or an unknown one) is approved.
 */
export function mercadoPagoFastPaymentCharges(app: FastifyInstance, rt: SandboxRuntime, api: string) {
  const creds = rt.credentials.mercadopago;
  app.get<{ Params: { id: string }; Querystring: { fast_payment_token?: string } }>(`${api}/v1/fast_payments/payment_methods/:id`, async (request, reply) => {
    if (request.headers.authorization !== `Bearer ${creds.accessToken}`) return mercadoPagoError(reply, 401, 'invalid access token', 'unauthorized');
    const token = await liveFastToken(rt, String(request.query.fast_payment_token ?? ''));
    if (!token) return mercadoPagoError(reply, 401, 'fast payment token invalid or expired', 'invalid_fast_payment_token');
    const method = methodsOf(token.email).find((m) => m.id === request.params.id);
    if (!method) return mercadoPagoError(reply, 404, 'payment method not found for this account', 'payment_method_not_found');
    return serverView(method);
  });
}

async function liveFastToken(rt: SandboxRuntime, id: string): Promise<(FastPaymentToken & { used_by?: string }) | undefined> {
  const found = id ? await findSandboxObject<FastPaymentToken & { used_by?: string }>(rt.db, P, 'fast-payment-token', id) : undefined;
  if (!found || Date.parse(found.data.expires_at) <= rt.now().getTime()) return undefined;
  return found.data;
}

/** The outcome a `+tag` of the test customer's e-mail asks for, in the cardholder-name convention's words. */
function outcomeOf(email: string, outcomes: Record<string, [string, string]>): [string, string] {
  const tag = /\+([^@]*)@/.exec(email)?.[1]?.toUpperCase() ?? 'APRO';
  return outcomes[tag] ?? outcomes.APRO!;
}

/**
 * `POST /v1/payments` with a fast-payment token (the access token already checked): the
 * token pays once, the same `X-Idempotency-Key` answers the same payment, the payer is the
 * token's account, and a signed webhook follows, as for a card payment.
 */
export async function chargeFastPayment(
  rt: SandboxRuntime,
  body: Record<string, unknown>,
  key: string | undefined,
  reply: FastifyReply,
  outcomes: Record<string, [string, string]>,
): Promise<unknown> {
  const db = rt.db;
  const now = () => rt.now().toISOString();
  const invalid = (code: number | string, message: string) => mercadoPagoError(reply, 400, message, code);
  const amount = body.transaction_amount;
  const email = (body.payer as { email?: unknown } | undefined)?.email;
  const fastToken = String(body.fast_payment_token);
  if (typeof body.token !== 'string' || body.token === '') return invalid('invalid_payment_method', 'token (the account method) is required');
  if (typeof amount !== 'number' || !(amount > 0)) return invalid(4037, 'Invalid transaction_amount');
  if (typeof email !== 'string' || !email.includes('@')) return invalid(4050, 'payer.email must be a valid email');
  const installments = body.installments === undefined ? 1 : Number(body.installments);
  if (!Number.isInteger(installments) || installments < 1) return invalid(4020, 'installments must be a positive integer');

  const paymentId = key
    ? (await insertSandboxObjectOnce(db, P, 'idempotency', { id: `fast-payment:${key}`, status: 'used', data: { id: randomDigits(11) } }, now())).data.id
    : randomDigits(11);
  const existing = await findSandboxObject<SandboxFastPayment>(db, P, 'payment', paymentId);
  if (existing) return reply.status(201).send(existing.data);

  const token = await liveFastToken(rt, fastToken);
  if (!token) return mercadoPagoError(reply, 401, 'fast payment token invalid or expired', 'invalid_fast_payment_token');
  if (accountOf(email) !== accountOf(token.email)) return invalid('payer_mismatch', 'payer.email is not the account of this fast payment token');
  const method = methodsOf(token.email).find((m) => m.id === body.token);
  if (!method) return invalid('invalid_payment_method', 'payment method not found for this account');
  // The months must be one of the saved card's plans for this amount (account money: one payment), as for a card token.
  const cost = payerCostsFor(method.first_six_digits ?? '', method.payment_method.payment_type_id, amount).find((c) => c.installments === installments);
  if (!cost) return invalid(4020, 'Invalid installments for this payment method and amount');

  // The token pays once: whoever moves it to `used` creates the payment; a duplicate with the same key waits for it.
  const consumed = await moveSandboxObject(db, P, 'fast-payment-token', fastToken, ['active'], { status: 'used', data: { ...token, used_by: paymentId } }, now());
  if (!consumed) {
    const holder = await findSandboxObject<{ used_by?: string }>(db, P, 'fast-payment-token', fastToken);
    if (holder?.data.used_by !== paymentId) return invalid('invalid_fast_payment_token', 'fast payment token already used');
    return answerWhenCreated(rt, reply, paymentId);
  }

  const [status, detail] = method.type === 'account_money' && outcomeOf(token.email, outcomes)[0] === 'rejected'
    ? ['rejected', 'cc_rejected_insufficient_amount'] // account money has only one way to fail: not enough of it
    : outcomeOf(token.email, outcomes);
  const paid = Math.round(amount * 100) / 100;
  const payment: SandboxFastPayment = {
    id: Number(paymentId),
    status,
    status_detail: detail,
    external_reference: typeof body.external_reference === 'string' ? body.external_reference : null,
    transaction_amount: paid,
    currency_id: 'MXN',
    date_of_expiration: null,
    payment_type_id: method.payment_method.payment_type_id,
    payment_method_id: method.payment_method.id,
    installments,
    payer: { email: token.email },
    description: typeof body.description === 'string' ? body.description : null,
    live_mode: false,
    date_created: now(),
    date_approved: status === 'approved' ? now() : null,
    date_last_updated: now(),
    fast_payment: { method_id: method.id, type: method.type },
    ...(method.type === 'credit_card'
      ? { card: { first_six_digits: method.first_six_digits, last_four_digits: method.last_four_digits, expiration_month: method.expiration_month, expiration_year: method.expiration_year, cardholder: { name: 'APRO' } } }
      : {}),
    transaction_details: { total_paid_amount: cost.total_amount, installment_amount: cost.installment_amount, net_received_amount: status === 'approved' ? paid : 0 },
  };
  const stored = await insertSandboxObjectOnce(db, P, 'payment', { id: paymentId, status, data: payment }, now());
  await notifyMercadoPagoPayment(rt, paymentId, 'payment.created');
  return reply.status(201).send(stored.data);
}
