import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../http/not-found';
import { findSandboxObject, insertSandboxObject, listSandboxObjects, moveSandboxObject } from './objects.repository';
import type { OpenpayCharge, OpenpayCard } from '../../src/shared/provider-wire';
import { pesosToCents } from '../../src/shared/money';
import type { SandboxRuntime } from '../runtime';
import { FAILURE_STATUS, sandboxApi, type SandboxFailure } from './api-errors';
import { deliverWebhook } from './deliver';
import { actionButton, esc, facts, money, page } from './html';
import { openpayTestCard, type OpenpayOutcome } from './openpay-cards';

const P = 'openpay';
const API = '/sandbox/openpay/api';

/** Openpay's error body: `{ category, description, http_code, error_code, request_id }`. */
export function openpayError(reply: FastifyReply, status: number, errorCode: number, description: string) {
  const category = status >= 500 ? 'internal' : status === 402 ? 'gateway' : 'request';
  return reply.status(status).send({ category, description, http_code: status, error_code: errorCode, request_id: randomBytes(16).toString('hex') });
}

function openpayFailure(reply: FastifyReply, failure: SandboxFailure) {
  const answers: Record<SandboxFailure, [number, string]> = {
    malformed_json: [1001, 'The request body is not valid JSON'],
    unsupported_media_type: [1001, 'Content-Type must be application/json'],
    body_too_large: [1001, 'The request body is too large'],
    invalid_request: [1001, 'The request is not valid'],
    not_found: [1005, 'The requested resource doesn\'t exist'],
    rate_limited: [1001, 'Too many requests'],
    internal: [1000, 'Internal server error'],
    unavailable: [1004, 'Service unavailable'],
  };
  const [code, description] = answers[failure];
  return openpayError(reply, FAILURE_STATUS[failure], code, description);
}

/** What the sandbox keeps of a token: the masked card, never the whole number nor the cvv2. */
interface StoredToken {
  id: string;
  card: OpenpayCard & { address: null; creation_date: string };
  /** Sandbox-only: what a charge with this card does (decided by the test card at tokenization). */
  outcome: OpenpayOutcome;
}

interface StoredCharge extends OpenpayCharge {
  authorization: string | null;
  operation_type: 'in';
  transaction_type: 'charge';
  creation_date: string;
  operation_date: string;
  customer: { name: string; email: string } | null;
  device_session_id: string;
  /** Sandbox-only: where the 3-D Secure page sends the buyer back. */
  redirect_url: string | null;
}

const openpayId = (length = 20) => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(randomBytes(length), (b) => alphabet[b % alphabet.length]).join('');
};

/** The key of a basic `Authorization` header (Openpay's keys are the user, the password is empty). */
function basicUser(request: FastifyRequest): string | null {
  const match = /^Basic\s+(\S+)$/i.exec(String(request.headers.authorization ?? ''));
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  return decoded.split(':')[0] ?? null;
}

const DECLINES: Record<Exclude<OpenpayOutcome, 'approve' | '3ds'>, [number, string]> = {
  decline: [3001, 'The card was declined by the bank'],
  insufficient_funds: [3003, "The card doesn't have sufficient funds"],
};

/**
 * The Openpay sandbox: its REST API under /sandbox/openpay/api/v1/{merchant_id} (tokens from
 * the browser with the public key; token reads, charges, charge reads, refunds with the
 * private key; errors in Openpay's `{category, description, http_code, error_code,
 * request_id}`), the 3-D Secure page a charge may wait on, and a read-only charge page for
 * whoever tests by hand. Every charge change is delivered as Openpay delivers it: a POST to
 * our webhook with the configured user and password as basic auth.
 */
export async function openpaySandbox(app: FastifyInstance, { rt }: { rt: SandboxRuntime }) {
  sandboxApi(app, API, openpayFailure);
  const db = rt.db;
  const creds = rt.credentials.openpay;
  const now = () => rt.now().toISOString();
  const merchantPath = `${API}/v1/:merchant`;
  const wrongMerchant = (request: FastifyRequest<{ Params: { merchant: string } }>) => request.params.merchant !== creds.merchantId;

  async function notify(type: string, charge: StoredCharge) {
    const { redirect_url: _redirect, device_session_id: _device, ...transaction } = charge;
    const body = JSON.stringify({ type, event_date: now(), transaction });
    const basic = Buffer.from(`${creds.webhookUser}:${creds.webhookPassword}`).toString('base64');
    await deliverWebhook(rt, P, { headers: { authorization: `Basic ${basic}` }, body });
  }

  async function moveCharge(charge: StoredCharge, from: string[], patch: Partial<StoredCharge>): Promise<StoredCharge | undefined> {
    const next = { ...charge, ...patch };
    return (await moveSandboxObject(db, P, 'charge', charge.id, from, { status: next.status, data: next }, now())) ? next : undefined;
  }

  const answerCharge = ({ redirect_url: _redirect, ...charge }: StoredCharge) => charge;

  // ---- Tokens: the browser's openpay.v1.js posts the card with the public key ----
  app.post<{ Params: { merchant: string }; Body: Record<string, unknown> | undefined }>(`${merchantPath}/tokens`, async (request, reply) => {
    const key = basicUser(request);
    if (wrongMerchant(request) || (key !== creds.publicKey && key !== creds.privateKey)) return openpayError(reply, 401, 1002, 'The api key or merchant id are invalid');
    const body = request.body ?? {};
    const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string).trim() : '');
    const number = text('card_number').replace(/[\s-]/g, '');
    const holder = text('holder_name');
    const month = text('expiration_month');
    const year = text('expiration_year');
    const cvv = text('cvv2');
    for (const [name, value] of [['card_number', number], ['holder_name', holder], ['expiration_month', month], ['expiration_year', year], ['cvv2', cvv]] as const) {
      if (!value) return openpayError(reply, 400, 1001, `${name} is required`);
    }
    const card = openpayTestCard(number);
    if (!card) return openpayError(reply, 422, 2004, "The card number verification digit is invalid");
    if (!/^(0[1-9]|1[0-2])$/.test(month) || !/^\d{2}$/.test(year)) return openpayError(reply, 400, 1001, 'expiration_month and expiration_year must be two digits (MM, YY)');
    const today = rt.now();
    const currentYear = today.getUTCFullYear() % 100;
    if (Number(year) < currentYear || (Number(year) === currentYear && Number(month) < today.getUTCMonth() + 1)) return openpayError(reply, 422, 2005, 'The expiration date has already passed');
    if (!new RegExp(`^\\d{${card.brand === 'american_express' ? 4 : 3}}$`).test(cvv)) return openpayError(reply, 422, 2006, 'The CVV2 security code is required');
    const token: StoredToken = {
      id: openpayId(),
      card: {
        card_number: `${number.slice(0, 6)}${'X'.repeat(number.length - 10)}${number.slice(-4)}`,
        holder_name: holder.slice(0, 80), expiration_year: year, expiration_month: month, brand: card.brand, type: 'credit', bank_name: 'BANCO SANDBOX',
        address: null, creation_date: now(),
      },
      outcome: card.outcome,
    };
    await insertSandboxObject(db, P, 'token', { id: token.id, status: 'active', data: token }, now());
    return reply.status(201).send({ id: token.id, card: token.card });
  });

  app.get<{ Params: { merchant: string; id: string } }>(`${merchantPath}/tokens/:id`, async (request, reply) => {
    if (wrongMerchant(request) || basicUser(request) !== creds.privateKey) return openpayError(reply, 401, 1002, 'The api key or merchant id are invalid');
    const found = await findSandboxObject<StoredToken>(db, P, 'token', request.params.id);
    if (!found) return openpayError(reply, 404, 1005, "The requested resource doesn't exist");
    return { id: found.data.id, card: found.data.card };
  });

  // ---- Charges (private key) ----
  app.post<{ Params: { merchant: string }; Body: Record<string, unknown> | undefined }>(`${merchantPath}/charges`, async (request, reply) => {
    if (wrongMerchant(request) || basicUser(request) !== creds.privateKey) return openpayError(reply, 401, 1002, 'The api key or merchant id are invalid');
    const body = request.body ?? {};
    const amount = body.amount;
    if (body.method !== 'card') return openpayError(reply, 400, 1001, 'method must be card');
    if (typeof body.source_id !== 'string' || !body.source_id) return openpayError(reply, 400, 1001, 'source_id is required');
    if (typeof amount !== 'number' || !(amount > 0)) return openpayError(reply, 400, 1001, 'amount must be greater than 0');
    if (typeof body.description !== 'string' || !body.description) return openpayError(reply, 400, 1001, 'description is required');
    if (typeof body.device_session_id !== 'string' || !body.device_session_id) return openpayError(reply, 400, 1001, 'device_session_id is required');
    const orderId = typeof body.order_id === 'string' && body.order_id ? body.order_id.slice(0, 100) : null;
    // Openpay keeps order_id unique per merchant: the same order is never charged twice.
    if (orderId) {
      const taken = await findSandboxObject<{ charge: string }>(db, P, 'order', orderId);
      if (taken) return openpayError(reply, 409, 1006, 'The order_id has already been processed');
    }
    const token = await findSandboxObject<StoredToken>(db, P, 'token', body.source_id);
    if (!token) return openpayError(reply, 404, 1005, "The requested resource doesn't exist");
    // A token pays once, claimed before anything else so two requests never both use it.
    if (!(await moveSandboxObject(db, P, 'token', token.id, ['active'], { status: 'used', data: token.data }, now()))) {
      return openpayError(reply, 422, 3001, 'The token has already been used');
    }
    const id = openpayId();
    if (orderId) {
      try {
        await insertSandboxObject(db, P, 'order', { id: orderId, status: 'used', data: { charge: id } }, now());
      } catch {
        return openpayError(reply, 409, 1006, 'The order_id has already been processed');
      }
    }
    const customer = body.customer as { name?: unknown; email?: unknown } | undefined;
    const redirect = typeof body.redirect_url === 'string' ? body.redirect_url : null;
    const outcome = token.data.outcome;
    const status = outcome === 'approve' ? 'completed' : outcome === '3ds' ? 'charge_pending' : 'failed';
    const decline = outcome === 'decline' || outcome === 'insufficient_funds' ? DECLINES[outcome] : null;
    const origin = rt.publicUrl ?? (redirect ? new URL(redirect).origin : '');
    const charge: StoredCharge = {
      id, authorization: status === 'completed' ? String(100000 + (randomBytes(3).readUIntBE(0, 3) % 900000)) : null,
      method: 'card', operation_type: 'in', transaction_type: 'charge', status,
      amount: Math.round(amount * 100) / 100, currency: typeof body.currency === 'string' ? body.currency.toUpperCase() : 'MXN',
      order_id: orderId, description: body.description, creation_date: now(), operation_date: now(),
      error_message: decline ? decline[1] : null, error_code: decline ? decline[0] : null,
      card: token.data.card,
      customer: customer && typeof customer.name === 'string' && typeof customer.email === 'string' ? { name: customer.name, email: customer.email } : null,
      device_session_id: body.device_session_id,
      redirect_url: redirect,
      payment_method: outcome === '3ds' ? { type: 'redirect', url: `${origin}/sandbox/openpay/3ds/${id}` } : null,
    };
    await insertSandboxObject(db, P, 'charge', { id, status, data: charge }, now());
    await notify(status === 'completed' ? 'charge.succeeded' : status === 'failed' ? 'charge.failed' : 'charge.created', charge);
    // A declined card is an error answer, as Openpay gives it (the failed charge stays visible in the dashboard).
    if (decline) return openpayError(reply, 402, decline[0], decline[1]);
    return reply.status(200).send(answerCharge(charge));
  });

  app.get<{ Params: { merchant: string }; Querystring: { order_id?: string } }>(`${merchantPath}/charges`, async (request, reply) => {
    if (wrongMerchant(request) || basicUser(request) !== creds.privateKey) return openpayError(reply, 401, 1002, 'The api key or merchant id are invalid');
    const orderId = request.query.order_id;
    if (!orderId) return (await listSandboxObjects<StoredCharge>(db, P, 'charge')).map((c) => answerCharge(c.data));
    const order = await findSandboxObject<{ charge: string }>(db, P, 'order', orderId);
    const charge = order ? await findSandboxObject<StoredCharge>(db, P, 'charge', order.data.charge) : undefined;
    return charge ? [answerCharge(charge.data)] : [];
  });

  app.get<{ Params: { merchant: string; id: string } }>(`${merchantPath}/charges/:id`, async (request, reply) => {
    if (wrongMerchant(request) || basicUser(request) !== creds.privateKey) return openpayError(reply, 401, 1002, 'The api key or merchant id are invalid');
    const found = await findSandboxObject<StoredCharge>(db, P, 'charge', request.params.id);
    if (!found) return openpayError(reply, 404, 1005, "The requested resource doesn't exist");
    return answerCharge(found.data);
  });

  app.post<{ Params: { merchant: string; id: string }; Body: { amount?: unknown } | undefined }>(`${merchantPath}/charges/:id/refund`, async (request, reply) => {
    if (wrongMerchant(request) || basicUser(request) !== creds.privateKey) return openpayError(reply, 401, 1002, 'The api key or merchant id are invalid');
    const found = await findSandboxObject<StoredCharge>(db, P, 'charge', request.params.id);
    if (!found) return openpayError(reply, 404, 1005, "The requested resource doesn't exist");
    if (found.data.status === 'refunded') return answerCharge(found.data);
    // One refund per charge, as Openpay: the amount asked (all of it when none is given), never more than the charge.
    const asked = request.body?.amount;
    const charged = found.data.amount ?? 0;
    if (asked !== undefined && (typeof asked !== 'number' || !Number.isFinite(asked) || asked <= 0 || pesosToCents(asked) > pesosToCents(charged))) {
      return openpayError(reply, 400, 1001, 'The refund amount must be positive and not greater than the charge amount');
    }
    const refund = { id: openpayId(), amount: asked === undefined ? charged : asked, status: 'completed', transaction_type: 'refund', creation_date: now() };
    const moved = await moveCharge(found.data, ['completed'], { status: 'refunded', refund });
    if (!moved) return openpayError(reply, 409, 1006, 'The charge cannot be refunded');
    await notify('charge.refunded', moved);
    return answerCharge(moved);
  });

  // ---- The bank's 3-D Secure page (in the buyer's browser) ----
  const backTo = (charge: StoredCharge) => {
    const base = charge.redirect_url ?? '/';
    return `${base}${base.includes('?') ? '&' : '?'}id=${encodeURIComponent(charge.id)}`;
  };

  app.get<{ Params: { id: string } }>('/sandbox/openpay/3ds/:id', async (request, reply) => {
    reply.type('text/html; charset=utf-8');
    const found = await findSandboxObject<StoredCharge>(db, P, 'charge', request.params.id);
    if (!found) return reply.status(404).send(page({ provider: 'Openpay', accent: '#0b4e8c', title: 'Cargo no encontrado', body: '<p>Este cargo no existe.</p>' }));
    const charge = found.data;
    const waiting = charge.status === 'charge_pending';
    const body = `<p>Tu banco pide confirmar que eres tú antes de cobrar este cargo (3-D Secure).</p>
${facts([['Comercio', 'Boletos'], ['Importe', money(Math.round((charge.amount ?? 0) * 100), charge.currency ?? 'MXN')], ['Tarjeta', `•••• ${String(charge.card?.card_number ?? '').slice(-4)}`]])}
${waiting
    ? `${actionButton(`/sandbox/openpay/3ds/${charge.id}/authenticate`, 'Autenticar')}${actionButton(`/sandbox/openpay/3ds/${charge.id}/fail`, 'Fallar la autenticación', 'secondary')}`
    : `<p class="status" role="status">Este cargo ya no espera autenticación (${esc(charge.status)}).</p><p><a href="${esc(backTo(charge))}">Volver a la tienda</a></p>`}`;
    return page({ provider: 'Openpay', accent: '#0b4e8c', title: 'Autenticación 3-D Secure', body });
  });

  for (const [action, status] of [['authenticate', 'completed'], ['fail', 'failed']] as const) {
    app.post<{ Params: { id: string } }>(`/sandbox/openpay/3ds/:id/${action}`, async (request, reply) => {
      const found = await findSandboxObject<StoredCharge>(db, P, 'charge', request.params.id);
      if (!found) return notFound(reply);
      const patch: Partial<StoredCharge> = status === 'completed'
        ? { status, operation_date: now(), authorization: String(100000 + (randomBytes(3).readUIntBE(0, 3) % 900000)), payment_method: null }
        : { status, operation_date: now(), error_code: 3005, error_message: 'The 3-D Secure authentication failed', payment_method: null };
      const moved = await moveCharge(found.data, ['charge_pending'], patch);
      if (moved) await notify(status === 'completed' ? 'charge.succeeded' : 'charge.failed', moved);
      return reply.redirect(backTo(moved ?? found.data), 303);
    });
  }

  // ---- A read-only view of a charge, as the merchant's dashboard shows it ----
  app.get<{ Params: { id: string } }>('/sandbox/openpay/charges/:id', async (request, reply) => {
    reply.type('text/html; charset=utf-8');
    const found = await findSandboxObject<StoredCharge>(db, P, 'charge', request.params.id);
    if (!found) return reply.status(404).send(page({ provider: 'Openpay', accent: '#0b4e8c', title: 'Cargo no encontrado', body: '<p>Este cargo no existe.</p>' }));
    const c = found.data;
    return page({
      provider: 'Openpay', accent: '#0b4e8c', title: 'Cargo',
      body: facts([
        ['Id', c.id], ['Estado', c.status], ['Importe', money(Math.round((c.amount ?? 0) * 100), c.currency ?? 'MXN')], ['order_id', c.order_id ?? ''],
        ['device_session_id', c.device_session_id], ['Tarjeta', String(c.card?.card_number ?? '')], ['Cliente', c.customer?.email ?? ''],
      ]),
    });
  });
}
