import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { findSandboxObject, insertSandboxObjectOnce, moveSandboxObject } from './objects.repository';
import type { MercadoPagoPayment } from '../../src/shared/provider-wire';
import type { SandboxRuntime } from '../runtime';
import { mercadoPagoError } from './error-formats';
import { esc, facts, page } from './html';
import { chargeFastPayment } from './mercadopago-fast-payment-charges.sandbox';
import type { SandboxCardToken } from './mercadopago-cards.sandbox';
import { challengeFor, isChallengeCard } from './mercadopago-3ds.sandbox';
import { notifyMercadoPagoPayment, randomDigits } from './mercadopago.sandbox';
import { payerCostsFor } from './mercadopago-installments.sandbox';

const P = 'mercadopago';

/**
 * MercadoPago's cardholder-name convention for Mexico: the holder name decides the
 * outcome of a test-card payment. Any other name is approved, like `APRO`.
 */
const OUTCOMES: Record<string, [status: string, detail: string]> = {
  APRO: ['approved', 'accredited'],
  CONT: ['in_process', 'pending_contingency'],
  OTHE: ['rejected', 'cc_rejected_other_reason'],
  CALL: ['rejected', 'cc_rejected_call_for_authorize'],
  FUND: ['rejected', 'cc_rejected_insufficient_amount'],
  SECU: ['rejected', 'cc_rejected_bad_filled_security_code'],
  EXPI: ['rejected', 'cc_rejected_bad_filled_date'],
  FORM: ['rejected', 'cc_rejected_bad_filled_other'],
};

/** The outcome the holder name asks for (`APRO` when the name is none of the convention's). */
export function holderOutcome(holder: string): [status: string, detail: string] {
  return OUTCOMES[holder.trim().split(/\s+/)[0]!.toUpperCase()] ?? OUTCOMES.APRO!;
}

/**
 * A duplicate request (same idempotency key) whose twin consumed the token and is creating the
 * payment: answers that payment once it is stored, as MercadoPago answers a repeated key.
 */
export async function answerWhenCreated(rt: SandboxRuntime, reply: FastifyReply, paymentId: string) {
  for (let i = 0; i < 100; i += 1) {
    const created = await findSandboxObject<MercadoPagoPayment>(rt.db, P, 'payment', paymentId);
    if (created) return reply.status(201).send(created.data);
    await sleep(20);
  }
  return mercadoPagoError(reply, 500, 'Internal server error', 'internal_error');
}

export interface SandboxCardPayment extends MercadoPagoPayment {
  id: number;
  date_created: string;
  date_approved: string | null;
  date_last_updated: string;
  installments: number;
  issuer_id: string | null;
  payer: { email: string };
  description: string | null;
  live_mode: false;
  card: { first_six_digits: string; last_four_digits: string; expiration_month: number; expiration_year: number; cardholder: { name: string } };
  transaction_details: { total_paid_amount: number; installment_amount: number; net_received_amount: number };
  three_ds_info?: { external_resource_url: string; creq: string } | null;
}

/**
 * `POST /v1/payments` with a card token (server to server, access token), and the
 * sandbox control that settles a pending (`CONT`) card payment. A token pays once; the
 * same `X-Idempotency-Key` answers the same payment. Every payment is notified with a
 * signed webhook, as MercadoPago does.
 */
export function mercadoPagoCardPayments(app: FastifyInstance, rt: SandboxRuntime, api: string) {
  const db = rt.db;
  const creds = rt.credentials.mercadopago;
  const now = () => rt.now().toISOString();
  const invalid = (reply: FastifyReply, code: number, message: string) => mercadoPagoError(reply, 400, message, code);

  app.post<{ Body: Record<string, unknown> | undefined }>(`${api}/v1/payments`, async (request, reply) => {
    if (request.headers.authorization !== `Bearer ${creds.accessToken}`) {
      return request.headers.authorization
        ? mercadoPagoError(reply, 401, 'invalid access token', 'unauthorized')
        : mercadoPagoError(reply, 401, 'Must provide your access token', 5);
    }
    const body = request.body ?? {};
    // Paid with an account's saved method behind a fast-payment token (super token): its own sandbox file.
    if (typeof body.fast_payment_token === 'string') {
      const fastKey = request.headers['x-idempotency-key'];
      return chargeFastPayment(rt, body, typeof fastKey === 'string' && fastKey ? fastKey : undefined, reply, OUTCOMES);
    }
    const amount = body.transaction_amount;
    const email = (body.payer as { email?: unknown } | undefined)?.email;
    if (typeof body.token !== 'string' || body.token === '') return invalid(reply, 2006, 'Card Token not found');
    if (typeof amount !== 'number' || !(amount > 0)) return invalid(reply, 4037, 'Invalid transaction_amount');
    if (typeof email !== 'string' || !email.includes('@')) return invalid(reply, 4050, 'payer.email must be a valid email');
    const installments = body.installments === undefined ? 1 : Number(body.installments);
    if (!Number.isInteger(installments) || installments < 1) return invalid(reply, 4020, 'installments must be a positive integer');

    // The idempotency key fixes the payment id first; whoever consumes the token creates it.
    const key = request.headers['x-idempotency-key'];
    const paymentId = typeof key === 'string' && key
      ? (await insertSandboxObjectOnce(db, P, 'idempotency', { id: `card-payment:${key}`, status: 'used', data: { id: randomDigits(11) } }, now())).data.id
      : randomDigits(11);
    const existing = await findSandboxObject<SandboxCardPayment>(db, P, 'payment', paymentId);
    if (existing) return reply.status(201).send(existing.data);

    const found = await findSandboxObject<SandboxCardToken & { used_by?: string }>(db, P, 'card-token', body.token);
    if (!found) return invalid(reply, 2006, 'Card Token not found');
    const token = found.data;
    if (token.date_due <= now()) return invalid(reply, 3003, 'Invalid card_token_id');
    // The months must be one of the card's plans for this amount, as MercadoPago refuses any other.
    const debit = token.payment_method_id.startsWith('deb');
    const cost = payerCostsFor(token.first_six_digits, debit ? 'debit_card' : 'credit_card', amount).find((c) => c.installments === installments);
    if (!cost) return invalid(reply, 4020, 'Invalid installments for this card and amount');
    const consumed = await moveSandboxObject(db, P, 'card-token', token.id, ['active'], { status: 'used', data: { ...token, status: 'used', date_used: now(), used_by: paymentId } }, now());
    if (!consumed) {
      // A concurrent request with the same key is creating this payment: answer it once stored.
      const holder = await findSandboxObject<{ used_by?: string }>(db, P, 'card-token', token.id);
      if (holder?.data.used_by !== paymentId) return invalid(reply, 3003, 'Invalid card_token_id');
      return answerWhenCreated(rt, reply, paymentId);
    }

    // With 3-D Secure optional, the sandbox's challenge card waits for the buyer's answer first.
    const challenged = body.three_d_secure_mode === 'optional' && isChallengeCard(token);
    const [status, detail] = challenged ? ['pending', 'pending_challenge'] : holderOutcome(token.cardholder.name);
    const paid = Math.round(amount * 100) / 100;
    const payment: SandboxCardPayment = {
      id: Number(paymentId),
      status,
      status_detail: detail,
      external_reference: typeof body.external_reference === 'string' ? body.external_reference : null,
      transaction_amount: paid,
      currency_id: 'MXN',
      date_of_expiration: null,
      payment_type_id: debit ? 'debit_card' : 'credit_card',
      payment_method_id: token.payment_method_id,
      issuer_id: body.issuer_id === undefined || body.issuer_id === null ? null : String(body.issuer_id),
      installments,
      payer: { email },
      description: typeof body.description === 'string' ? body.description : null,
      live_mode: false,
      date_created: now(),
      date_approved: status === 'approved' ? now() : null,
      date_last_updated: now(),
      card: {
        first_six_digits: token.first_six_digits, last_four_digits: token.last_four_digits,
        expiration_month: token.expiration_month, expiration_year: token.expiration_year, cardholder: { name: token.cardholder.name },
      },
      transaction_details: { total_paid_amount: cost.total_amount, installment_amount: cost.installment_amount, net_received_amount: status === 'approved' ? paid : 0 },
      three_ds_info: challenged ? challengeFor(rt, paymentId) : null,
    };
    const stored = await insertSandboxObjectOnce(db, P, 'payment', { id: paymentId, status, data: payment }, now());
    await notifyMercadoPagoPayment(rt, paymentId, 'payment.created');
    return reply.status(201).send(stored.data);
  });

  // ---- Sandbox control: the issuer finishes reviewing a pending (CONT) card payment ----
  const control = (title: string, payment: SandboxCardPayment | undefined) =>
    page({
      provider: 'Mercado Pago', accent: '#009ee3', title,
      body: payment ? `${facts([['Folio de la operación', String(payment.id)], ['Tarjeta', `•••• ${payment.card.last_four_digits}`]])}<p class="status" role="status">${esc(payment.status)}</p>` : '<p>Este pago no existe.</p>',
    });

  for (const [action, status, detail] of [['approve', 'approved', 'accredited'], ['reject', 'rejected', 'cc_rejected_other_reason']] as const) {
    app.post<{ Params: { id: string } }>(`/sandbox/mercadopago/payments/:id/${action}`, async (request, reply) => {
      reply.type('text/html; charset=utf-8');
      const found = await findSandboxObject<SandboxCardPayment>(db, P, 'payment', request.params.id);
      if (!found || !found.data.card) return reply.status(404).send(control('Pago no encontrado', undefined));
      const next: SandboxCardPayment = { ...found.data, status, status_detail: detail, date_last_updated: now(), date_approved: status === 'approved' ? now() : null };
      if (status === 'approved') next.transaction_details = { ...next.transaction_details, net_received_amount: next.transaction_amount ?? 0 };
      const moved = await moveSandboxObject(db, P, 'payment', found.id, ['in_process', 'pending'], { status, data: next }, now());
      if (moved) await notifyMercadoPagoPayment(rt, found.id, 'payment.updated');
      return control(moved ? (status === 'approved' ? 'Pago aprobado' : 'Pago rechazado') : 'El pago ya no está en revisión', moved ? next : found.data);
    });
  }
}
