import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { findSandboxObject, insertSandboxObject } from './objects.repository';
import type { SandboxRuntime } from '../runtime';
import { sandboxApi } from './api-errors';
import { mercadoPagoError, mercadoPagoFailure } from './error-formats';
import { mercadoPagoCardPayments } from './mercadopago-card-payments.sandbox';
import { luhnValid } from './luhn';
import { payerCostsFor } from './mercadopago-installments.sandbox';

const P = 'mercadopago';
const API = '/sandbox/mercadopago/api';

/** A card brand as MercadoPago's payment-method search describes it (Mexico). */
interface Brand {
  id: 'master' | 'visa' | 'amex' | 'debmaster' | 'debvisa';
  name: string;
  type: 'credit_card' | 'debit_card';
  issuer: { id: string; name: string };
  numberLength: number;
  codeLength: number;
  binPattern: string;
}

const BRANDS: Record<Brand['id'], Brand> = {
  // The debit BINs first: their cards would match the credit brands' patterns too.
  debmaster: { id: 'debmaster', name: 'Mastercard Débito', type: 'debit_card', issuer: { id: '158', name: 'Mastercard' }, numberLength: 16, codeLength: 3, binPattern: '^557905' },
  debvisa: { id: 'debvisa', name: 'Visa Débito', type: 'debit_card', issuer: { id: '162', name: 'Visa' }, numberLength: 16, codeLength: 3, binPattern: '^418914' },
  master: { id: 'master', name: 'Mastercard', type: 'credit_card', issuer: { id: '158', name: 'Mastercard' }, numberLength: 16, codeLength: 3, binPattern: '^(5[1-5]|2(22[1-9]|2[3-9]|[3-6]|7[01]|720))' },
  visa: { id: 'visa', name: 'Visa', type: 'credit_card', issuer: { id: '162', name: 'Visa' }, numberLength: 16, codeLength: 3, binPattern: '^4' },
  amex: { id: 'amex', name: 'American Express', type: 'credit_card', issuer: { id: '310', name: 'American Express' }, numberLength: 15, codeLength: 4, binPattern: '^(34|37)' },
};

/**
 * MercadoPago's published test cards for Mexico — the only numbers the sandbox accepts,
 * all expiring 11/2030, so anyone who knows MercadoPago can test without reading our code.
 */
const TEST_CARDS: Record<string, Brand['id']> = {
  '5474925432670366': 'master',
  '4075595716483764': 'visa',
  '371180303257522': 'amex',
  '5579053461482647': 'debmaster',
  '4189141221267633': 'debvisa',
  // Not one of MercadoPago's: the sandbox's 3-D Secure challenge card (mercadopago-3ds.sandbox.ts).
  '4000000000003220': 'visa',
};
const TEST_EXPIRY = { month: 11, year: 2030 };

/** A card token pays within 7 days of its creation (its `date_due`), as MercadoPago's do. */
export const CARD_TOKEN_LIFETIME_MS = 7 * 86_400_000;

/**
 * The test customers' saved cards (card ids as MercadoPago's customer API returns them).
 * `codeRequired` mirrors the account's security_code_settings (mercadopago-fast-payments.sandbox.ts):
 * the Visa is tokenized only with its code; the Mastercard may be tokenized by its card id alone.
 */
const SANDBOX_SAVED_CARDS: Record<string, { number: string; holder: string; codeRequired: boolean }> = {
  '9000000001': { number: '4075595716483764', holder: 'APRO', codeRequired: true },
  '9000000002': { number: '5474925432670366', holder: 'APRO', codeRequired: false },
  '9000000003': { number: '4189141221267633', holder: 'APRO', codeRequired: false },
};

/** What the sandbox keeps of a card token: never the full number, never the security code. */
export interface SandboxCardToken {
  id: string;
  public_key: string;
  card_id: string | null;
  first_six_digits: string;
  last_four_digits: string;
  card_number_length: number;
  expiration_month: number;
  expiration_year: number;
  security_code_length: number;
  cardholder: { name: string; identification: { type: string | null; number: string | null } };
  status: 'active' | 'used';
  luhn_validation: boolean;
  live_mode: false;
  require_esc: false;
  date_created: string;
  date_last_updated: string;
  date_due: string;
  date_used: string | null;
  /** Sandbox-only: the brand, so a payment needs no card number to know it. */
  payment_method_id: Brand['id'];
}


function brandOfBin(bin: string): Brand | undefined {
  return Object.values(BRANDS).find((b) => new RegExp(b.binPattern).test(bin));
}

/** A payment method as `GET /v1/payment_methods/search` lists it. */
function paymentMethod(brand: Brand) {
  return {
    id: brand.id,
    name: brand.name,
    payment_type_id: brand.type,
    status: 'active',
    secure_thumbnail: `https://www.mercadopago.com/org-img/MP3/API/logos/${brand.id}.gif`,
    thumbnail: `http://img.mlstatic.com/org-img/MP3/API/logos/${brand.id}.gif`,
    deferred_capture: 'supported',
    settings: [{
      card_number: { length: brand.numberLength, validation: 'standard' },
      bin: { pattern: brand.binPattern, installments_pattern: brand.binPattern, exclusion_pattern: null },
      security_code: { length: brand.codeLength, card_location: brand.id === 'amex' ? 'front' : 'back', mode: 'mandatory' },
    }],
    additional_info_needed: ['cardholder_name'],
    min_allowed_amount: 5,
    max_allowed_amount: 300000,
    accreditation_time: 2880,
    financial_institutions: [],
    processing_modes: ['aggregator'],
    issuer: { id: Number(brand.issuer.id), name: brand.issuer.name, default: true },
    payer_costs: [{ installments: 1, installment_rate: 0, discount_rate: 0, min_allowed_amount: 5, max_allowed_amount: 300000, installment_amount: 0, total_amount: 0 }],
  };
}

const digitsOf = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).replace(/[\s-]/g, '') : '');

/**
 * The card side of the MercadoPago sandbox, in MercadoPago's own REST shapes: card tokens
 * (what its browser SDK creates from the secure fields, public key only), payment-method
 * search by BIN and card issuers. Only the published test cards tokenize; the stored token
 * keeps first six, last four, holder and expiry — the full number is dropped on arrival.
 * Card payments (`POST /v1/payments` with a token) live in mercadopago-card-payments.sandbox.ts.
 */
export async function mercadoPagoCardsSandbox(app: FastifyInstance, { rt }: { rt: SandboxRuntime }) {
  // The voucher plugin already answers unknown paths under the prefix.
  sandboxApi(app, API, mercadoPagoFailure, { catchAll: false });
  const db = rt.db;
  const creds = rt.credentials.mercadopago;
  const now = () => rt.now();

  /** The browser-side calls carry the public key as a query parameter; MercadoPago refuses any other. */
  const badKey = (publicKey: string | undefined, reply: FastifyReply) =>
    publicKey === creds.publicKey ? undefined : mercadoPagoError(reply, 401, publicKey ? 'invalid public_key' : 'public_key required', 'unauthorized');
  /** A card-token validation error as MercadoPago answers it (cause codes of its card-token API). */
  const invalid = (reply: FastifyReply, code: string, description: string) =>
    reply.status(400).send({ message: description, error: 'bad_request', status: 400, cause: [{ code, description }] });

  app.post<{ Querystring: { public_key?: string }; Body: Record<string, unknown> | undefined }>(`${API}/v1/card_tokens`, async (request, reply) => {
    // The browser SDK sends the public key; a server SDK (tokenizing for tests) the access token.
    const server = request.headers.authorization === `Bearer ${creds.accessToken}`;
    if (!server && badKey(request.query.public_key, reply)) return reply;
    const body = request.body ?? {};
    const code = digitsOf(body.security_code);
    let number: string;
    let holder: string;
    let month: number;
    let year: number;
    let cardId: string | null = null;
    let codeRequired = true;
    if (body.card_id !== undefined) {
      cardId = String(body.card_id);
      const saved = SANDBOX_SAVED_CARDS[cardId];
      if (!saved) return invalid(reply, '2061', 'invalid card_id');
      ({ number, holder, codeRequired } = saved);
      ({ month, year } = TEST_EXPIRY);
    } else {
      number = digitsOf(body.card_number);
      holder = typeof (body.cardholder as { name?: unknown } | undefined)?.name === 'string' ? ((body.cardholder as { name: string }).name).trim() : '';
      month = Number(body.expiration_month);
      year = Number(body.expiration_year);
      if (year < 100) year += 2000;
      if (!number) return invalid(reply, '205', 'parameter cardNumber can not be null/empty');
      if (!holder) return invalid(reply, '221', 'parameter cardholderName can not be null/empty');
      if (!body.expiration_month) return invalid(reply, '208', 'parameter expirationMonth can not be null/empty');
      if (!body.expiration_year) return invalid(reply, '209', 'parameter expirationYear can not be null/empty');
      if (!Number.isInteger(month) || month < 1 || month > 12) return invalid(reply, '325', 'invalid parameter expirationMonth');
      if (!Number.isInteger(year)) return invalid(reply, '326', 'invalid parameter expirationYear');
      if (!TEST_CARDS[number] || !luhnValid(number)) return invalid(reply, 'E301', 'invalid parameter cardNumber');
      if (month !== TEST_EXPIRY.month || year !== TEST_EXPIRY.year) return invalid(reply, '326', 'invalid parameter expirationYear');
    }
    const brand = BRANDS[TEST_CARDS[number]];
    // A saved card whose code is not mandatory tokenizes without one; a code given is still checked.
    if (!code && codeRequired) return invalid(reply, '224', 'parameter securityCode can not be null/empty');
    const expected = brand.id === 'amex' ? '1234' : '123';
    if (code && code.length !== brand.codeLength) return invalid(reply, 'E203', 'invalid parameter securityCode');
    if (code && code !== expected) return invalid(reply, 'E302', 'invalid parameter securityCode');

    const created = now();
    const token: SandboxCardToken = {
      id: randomBytes(16).toString('hex'),
      public_key: creds.publicKey,
      card_id: cardId,
      first_six_digits: number.slice(0, 6),
      last_four_digits: number.slice(-4),
      card_number_length: number.length,
      expiration_month: month,
      expiration_year: year,
      security_code_length: brand.codeLength,
      cardholder: { name: holder, identification: { type: null, number: null } },
      status: 'active',
      luhn_validation: true,
      live_mode: false,
      require_esc: false,
      date_created: created.toISOString(),
      date_last_updated: created.toISOString(),
      date_due: new Date(created.getTime() + CARD_TOKEN_LIFETIME_MS).toISOString(),
      date_used: null,
      payment_method_id: brand.id,
    };
    await insertSandboxObject(db, P, 'card-token', { id: token.id, status: 'active', data: token }, token.date_created);
    return reply.status(201).send(publicToken(token));
  });

  mercadoPagoCardPayments(app, rt, API);

  app.get<{ Params: { id: string }; Querystring: { public_key?: string } }>(`${API}/v1/card_tokens/:id`, async (request, reply) => {
    // Read by the browser (public key) or by the merchant's server (access token).
    const server = request.headers.authorization === `Bearer ${creds.accessToken}`;
    if (!server && badKey(request.query.public_key, reply)) return reply;
    const found = await findSandboxObject<SandboxCardToken>(db, P, 'card-token', request.params.id);
    if (!found) return mercadoPagoError(reply, 404, 'card_token not found', 'not_found');
    return publicToken(found.data);
  });

  app.get<{ Querystring: { public_key?: string; bins?: string } }>(`${API}/v1/payment_methods/search`, async (request, reply) => {
    if (badKey(request.query.public_key, reply)) return reply;
    const bin = digitsOf(request.query.bins).slice(0, 8);
    const brand = bin.length >= 6 ? brandOfBin(bin) : undefined;
    const results = brand ? [paymentMethod(brand)] : [];
    return { paging: { total: results.length, limit: 30, offset: 0 }, results };
  });

  // The plans of a card for an amount: the browser SDK's getInstallments (public key) or the merchant's server (access token).
  app.get<{ Querystring: { public_key?: string; bin?: string; amount?: string; payment_method_id?: string } }>(`${API}/v1/payment_methods/installments`, async (request, reply) => {
    const server = request.headers.authorization === `Bearer ${creds.accessToken}`;
    if (!server && badKey(request.query.public_key, reply)) return reply;
    const amount = Number(request.query.amount);
    if (!request.query.amount || !(amount > 0)) return mercadoPagoError(reply, 400, 'amount must be a positive number', 'bad_request');
    const bin = digitsOf(request.query.bin).slice(0, 8);
    const brand = bin.length >= 6 ? brandOfBin(bin) : BRANDS[request.query.payment_method_id as Brand['id']];
    if (!brand || (request.query.payment_method_id && request.query.payment_method_id !== brand.id)) return [];
    return [{
      payment_method_id: brand.id, payment_type_id: brand.type,
      issuer: { id: brand.issuer.id, name: brand.issuer.name, secure_thumbnail: `https://www.mercadopago.com/org-img/MP3/API/logos/${brand.id}.gif`, thumbnail: `http://img.mlstatic.com/org-img/MP3/API/logos/${brand.id}.gif` },
      processing_mode: 'aggregator', merchant_account_id: null,
      payer_costs: payerCostsFor(bin.slice(0, 6), brand.type, amount),
      agreements: null,
    }];
  });

  app.get<{ Querystring: { public_key?: string; payment_method_id?: string; bin?: string } }>(`${API}/v1/payment_methods/card_issuers`, async (request, reply) => {
    if (badKey(request.query.public_key, reply)) return reply;
    const brand = BRANDS[request.query.payment_method_id as Brand['id']];
    if (!brand) return mercadoPagoError(reply, 404, 'payment_method not found', 'not_found');
    return [{
      id: brand.issuer.id, name: brand.issuer.name, secure_thumbnail: `https://www.mercadopago.com/org-img/MP3/API/logos/${brand.id}.gif`,
      thumbnail: `http://img.mlstatic.com/org-img/MP3/API/logos/${brand.id}.gif`, processing_mode: 'aggregator', merchant_account_id: null, status: 'active',
    }];
  });
}

/** A token as MercadoPago shows it (without the sandbox's own bookkeeping). */
export function publicToken(token: SandboxCardToken) {
  const { payment_method_id: _brand, ...shown } = token;
  return shown;
}
