import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { findSandboxObject, insertSandboxObject, moveSandboxObject } from './objects.repository';
import type { SandboxRuntime } from '../runtime';
import { sandboxApi } from './api-errors';
import { mercadoPagoError, mercadoPagoFailure } from './error-formats';
import type { SandboxCardToken } from './mercadopago-cards.sandbox';
import { mercadoPagoFastPaymentCharges } from './mercadopago-fast-payment-charges.sandbox';

const P = 'mercadopago';
const API = '/sandbox/mercadopago/api';
/**
 * MercadoPago publishes no REST API for fast payments (only its JS SDK calls), so these
 * paths are the sandbox's own, documented in docs/payments.md ("Paying by card in the sandbox").
 */
const FAST = `${API}/v1/fast_payments`;
/** A fast-payment token lets the page read the account's methods for a short while only. */
export const TOKEN_TTL_MS = 10 * 60_000;
/** The sandbox's test customer (two saved credit cards and account money). */
export const TEST_CUSTOMER_EMAIL = 'test_user_mx@testuser.com';
/** The sandbox's debit customer: one saved Visa debit card (no instalments). */
export const DEBIT_CUSTOMER_EMAIL = 'test_user_debito@testuser.com';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const logo = (id: string) => `https://http2.mlstatic.com/storage/logos-api-admin/${id}.svg`;

/**
 * The test customer's saved methods as `getAccountPaymentMethods` lists them. The Visa
 * asks for its security code (the page makes a card token from card id + code and
 * updates the pseudotoken); the Mastercard does not. Card ids are the saved cards the
 * card-token API tokenizes (mercadopago-cards.sandbox.ts).
 */
const TEST_CUSTOMER_METHODS = [
  {
    id: 'pst_9f1c2a7e4b3d4c10a1', pseudotoken: 'pst_9f1c2a7e4b3d4c10a1', card_id: '9000000001', type: 'credit_card',
    payment_method: { id: 'visa', name: 'Visa', payment_type_id: 'credit_card', thumbnail: logo('visa') },
    issuer: { id: '162', name: 'Visa' }, first_six_digits: '407559', last_four_digits: '3764', expiration_month: 11, expiration_year: 2030,
    security_code_settings: { mode: 'mandatory', length: 3, card_location: 'back' },
  },
  {
    id: 'pst_3b8e6d0f2a9c4e21b2', pseudotoken: 'pst_3b8e6d0f2a9c4e21b2', card_id: '9000000002', type: 'credit_card',
    payment_method: { id: 'master', name: 'Mastercard', payment_type_id: 'credit_card', thumbnail: logo('master') },
    issuer: { id: '158', name: 'Mastercard' }, first_six_digits: '547492', last_four_digits: '0366', expiration_month: 11, expiration_year: 2030,
    security_code_settings: { mode: 'optional', length: 3, card_location: 'back' },
  },
  {
    id: 'account_money', pseudotoken: null, card_id: null, type: 'account_money',
    payment_method: { id: 'account_money', name: 'Dinero en cuenta', payment_type_id: 'account_money', thumbnail: logo('account_money') },
    issuer: { id: null, name: 'Mercado Pago' }, first_six_digits: null, last_four_digits: null, expiration_month: null, expiration_year: null,
    security_code_settings: null,
  },
] as const;

/** The debit customer's one saved card: MercadoPago's Visa debit test card (card id 9000000003). */
const DEBIT_CUSTOMER_METHODS = [
  {
    id: 'pst_7d2c9e4a1f6b4a33c3', pseudotoken: 'pst_7d2c9e4a1f6b4a33c3', card_id: '9000000003', type: 'debit_card',
    payment_method: { id: 'debvisa', name: 'Visa Débito', payment_type_id: 'debit_card', thumbnail: logo('debvisa') },
    issuer: { id: '162', name: 'Visa' }, first_six_digits: '418914', last_four_digits: '7633', expiration_month: 11, expiration_year: 2030,
    security_code_settings: { mode: 'optional', length: 3, card_location: 'back' },
  },
] as const;

export type FastPaymentMethod = (typeof TEST_CUSTOMER_METHODS)[number] | (typeof DEBIT_CUSTOMER_METHODS)[number];
type Method = FastPaymentMethod;
/**
 * The account behind an e-mail: the test customer also answers to a `+tag` of its address
 * (`test_user_mx+othe@testuser.com`), whose tag picks a super-token payment's outcome
 * (mercadopago-fast-payment-charges.sandbox.ts); `+fail` never gets that far (the authenticator refuses it).
 */
export const accountOf = (email: string): string => email.toLowerCase().replace(/\+[^@]*@/, '@');
/**
 * Whether an e-mail is a Mercado Pago account here: MercadoPago's test users only
 * (`test_user_{id}@testuser.com`, the form its test-user API hands out, with any `+tag`). A buyer's
 * own address is no account in the sandbox, so typing it never opens the account's confirmation.
 */
export const isAccount = (email: string): boolean => /^test_user_[a-z0-9_]+@testuser\.com$/.test(accountOf(email));
export const methodsOf = (email: string): readonly Method[] =>
  accountOf(email) === TEST_CUSTOMER_EMAIL ? TEST_CUSTOMER_METHODS : accountOf(email) === DEBIT_CUSTOMER_EMAIL ? DEBIT_CUSTOMER_METHODS : [];
/** What the page sees of a method: the card id stays behind `getCardId`. */
const shown = ({ card_id: _cardId, ...method }: Method) => method;

interface Authentication { email: string; amount: string; expires_at: string }
export interface FastPaymentToken { email: string; amount: string; expires_at: string; pseudotokens: Record<string, string> }

/**
 * MercadoPago's fast payments (saved cards and account money behind a "super token") in
 * the sandbox: the authenticator's start and confirmation, the account's methods, a saved
 * card's id and the pseudotoken update the JS SDK (`/sandbox/mercadopago/js/v2`) calls.
 * The authenticator works for test users (`isAccount`; only the test customer and the debit customer have saved methods)
 * and refuses any other e-mail, and any containing `+fail`, with AuthenticationNotSupported, so a
 * page's fallback to plain card entry is reachable. A token is bound to its e-mail and expires.
 */
export async function mercadoPagoFastPaymentsSandbox(app: FastifyInstance, { rt }: { rt: SandboxRuntime }) {
  sandboxApi(app, API, mercadoPagoFailure, { catchAll: false });
  mercadoPagoFastPaymentCharges(app, rt, API);
  const db = rt.db;
  const { publicKey } = rt.credentials.mercadopago;
  const now = () => rt.now();
  const badKey = (key: string | undefined, reply: FastifyReply) =>
    key === publicKey ? undefined : mercadoPagoError(reply, 401, key ? 'invalid public_key' : 'public_key required', 'unauthorized');
  /** An error the SDK turns into its documented error code (`errorCode`). */
  const fail = (reply: FastifyReply, status: number, code: string, message: string) => mercadoPagoError(reply, status, message, code);
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

  /** A live token, or the answer refusing it. */
  async function liveToken(token: string, reply: FastifyReply): Promise<FastPaymentToken | undefined> {
    const found = token ? await findSandboxObject<FastPaymentToken>(db, P, 'fast-payment-token', token) : undefined;
    if (!found || Date.parse(found.data.expires_at) <= now().getTime()) {
      fail(reply, 401, 'invalid_fast_payment_token', 'fast payment token invalid or expired');
      return undefined;
    }
    return found.data;
  }

  // authenticator(amount, email): validates and opens an authentication the buyer then confirms.
  app.post<{ Querystring: { public_key?: string }; Body: Record<string, unknown> | undefined }>(`${FAST}/authentications`, async (request, reply) => {
    if (badKey(request.query.public_key, reply)) return reply;
    const email = text(request.body?.payer_email).toLowerCase();
    const amount = text(request.body?.amount);
    if (!EMAIL.test(email) || email.length > 254) return fail(reply, 400, 'InvalidEmail', 'invalid payer email');
    if (!/^\d{1,9}\.\d{2}$/.test(amount) || Number(amount) <= 0) return fail(reply, 400, 'InvalidAmount', 'amount must be a positive string with 2 decimals');
    if (!isAccount(email) || email.includes('+fail')) return fail(reply, 422, 'AuthenticationNotSupported', 'authentication not supported for this payer');
    const id = randomBytes(16).toString('hex');
    const expires = new Date(now().getTime() + TOKEN_TTL_MS).toISOString();
    await insertSandboxObject<Authentication>(db, P, 'fast-payment-auth', { id, status: 'pending', data: { email, amount, expires_at: expires } }, now().toISOString());
    return reply.status(201).send({ id, status: 'pending', application: 'MP', site_id: 'MLM', expires_at: expires });
  });

  // show(): the buyer confirmed (or the page hid the confirmation); the authentication becomes a token once.
  app.post<{ Params: { id: string }; Querystring: { public_key?: string } }>(`${FAST}/authentications/:id/confirm`, async (request, reply) => {
    if (badKey(request.query.public_key, reply)) return reply;
    const auth = await findSandboxObject<Authentication>(db, P, 'fast-payment-auth', request.params.id);
    if (!auth || Date.parse(auth.data.expires_at) <= now().getTime()) return fail(reply, 404, 'NotInitialized', 'authentication not found or expired');
    const moved = await moveSandboxObject<Authentication>(db, P, 'fast-payment-auth', auth.id, ['pending'], { status: 'confirmed', data: auth.data }, now().toISOString());
    if (!moved) return fail(reply, 409, 'AlreadyShowing', 'authentication already confirmed');
    const token = randomBytes(24).toString('base64url');
    const pseudotokens = Object.fromEntries(methodsOf(auth.data.email).flatMap((m) => (m.pseudotoken ? [[m.pseudotoken, '']] : [])));
    const data: FastPaymentToken = { email: auth.data.email, amount: auth.data.amount, expires_at: new Date(now().getTime() + TOKEN_TTL_MS).toISOString(), pseudotokens };
    await insertSandboxObject(db, P, 'fast-payment-token', { id: token, status: 'active', data }, now().toISOString());
    return reply.status(201).send({ fast_payment_token: token, expires_at: data.expires_at });
  });

  // getAccountPaymentMethods(token)
  app.get<{ Querystring: { public_key?: string; fast_payment_token?: string } }>(`${FAST}/payment_methods`, async (request, reply) => {
    if (badKey(request.query.public_key, reply)) return reply;
    const token = await liveToken(text(request.query.fast_payment_token), reply);
    if (!token) return reply;
    const results = methodsOf(token.email).map(shown);
    return { paging: { total: results.length }, results };
  });

  const savedCard = (token: FastPaymentToken, pseudotoken: string) =>
    methodsOf(token.email).find((m): m is Extract<Method, { card_id: string }> => m.card_id !== null && m.pseudotoken === pseudotoken);

  // getCardId(token, pseudotoken)
  app.post<{ Querystring: { public_key?: string }; Body: Record<string, unknown> | undefined }>(`${FAST}/card_id`, async (request, reply) => {
    if (badKey(request.query.public_key, reply)) return reply;
    const token = await liveToken(text(request.body?.fast_payment_token), reply);
    if (!token) return reply;
    const method = savedCard(token, text(request.body?.pseudotoken));
    if (!method) return fail(reply, 404, 'pseudotoken_not_found', 'pseudotoken not found for this account');
    return { card_id: method.card_id };
  });

  // updatePseudotoken(token, pseudotoken, cardToken): binds the fresh card token (with its code) to the saved card.
  app.put<{ Params: { pseudotoken: string }; Querystring: { public_key?: string }; Body: Record<string, unknown> | undefined }>(`${FAST}/pseudotokens/:pseudotoken`, async (request, reply) => {
    if (badKey(request.query.public_key, reply)) return reply;
    const fastToken = text(request.body?.fast_payment_token);
    const token = await liveToken(fastToken, reply);
    if (!token) return reply;
    const method = savedCard(token, request.params.pseudotoken);
    if (!method) return fail(reply, 404, 'pseudotoken_not_found', 'pseudotoken not found for this account');
    const cardToken = await findSandboxObject<SandboxCardToken>(db, P, 'card-token', text(request.body?.card_token));
    if (!cardToken || cardToken.data.status !== 'active') return fail(reply, 400, 'invalid_card_token', 'card token not found or already used');
    if (cardToken.data.card_id !== method.card_id) return fail(reply, 400, 'card_token_mismatch', 'card token does not belong to this saved card');
    const data = { ...token, pseudotokens: { ...token.pseudotokens, [method.pseudotoken]: cardToken.id } };
    await moveSandboxObject(db, P, 'fast-payment-token', fastToken, ['active'], { status: 'active', data }, now().toISOString());
    return { pseudotoken: method.pseudotoken, status: 'updated' };
  });
}
