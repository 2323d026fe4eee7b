import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findSandboxObject, insertSandboxObject, insertSandboxObjectOnce, listSandboxObjects, moveSandboxObject } from './objects.repository';
import type { SandboxRuntime } from '../runtime';
import { sandboxApi, type SandboxFailure } from './api-errors';
import { luhnValid } from './luhn';
import {
  DECLINE_MESSAGES,
  P,
  publicMethod,
  shownIntent,
  stripeError,
  stripeId,
  stripeState,
  TEST_CARDS,
  type StoredCharge,
  type StoredDispute,
  type InstallmentsPlan,
  type StoredIntent,
  type StoredPaymentMethod,
} from './stripe-state';

type Params = Record<string, unknown>;

/** `a[b][c]=v` form fields (how the `stripe` package and Stripe.js encode nested parameters) → nested objects. */
export function nestForm(flat: Record<string, string>): Params {
  const root: Params = {};
  for (const [key, value] of Object.entries(flat ?? {})) {
    const path = key.replace(/\]/g, '').split('[');
    let node = root;
    path.slice(0, -1).forEach((part) => {
      if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
      node = node[part] as Params;
    });
    node[path.at(-1)!] = value;
  }
  return root;
}

const FAILURES: Record<SandboxFailure, [number, string, string]> = {
  malformed_json: [400, 'invalid_request_error', 'Invalid request body.'],
  unsupported_media_type: [400, 'invalid_request_error', 'Invalid request: unsupported Content-Type.'],
  body_too_large: [413, 'invalid_request_error', 'Request body too large.'],
  invalid_request: [400, 'invalid_request_error', 'Invalid request.'],
  not_found: [404, 'invalid_request_error', 'Unrecognized request URL. Please see https://stripe.com/docs or we can help at https://support.stripe.com/.'],
  rate_limited: [429, 'invalid_request_error', 'Too many requests hit the API too quickly.'],
  internal: [500, 'api_error', 'An unknown error occurred.'],
  unavailable: [503, 'api_error', 'Stripe is temporarily unavailable.'],
};


/**
 * The Stripe sandbox's REST API under /sandbox/stripe/api, in Stripe's shapes (form-encoded
 * parameters only, `{error: {...}}` bodies, a `Request-Id` on every answer): PaymentIntents (create
 * with Idempotency-Key, retrieve with `expand[]=latest_charge`, confirm, cancel; the publishable key
 * sees Stripe's reduced client-side object), PaymentMethods (the sandbox card element creates
 * them with the publishable key), refunds (whole or partial, up to what remains, kept on the charge) and disputes (list,
 * retrieve, close). Confirming decides by Stripe's test cards; every change is delivered as the
 * event Stripe sends (`payment_intent.*`, `charge.refunded`, `charge.dispute.*`), signed with Stripe-Signature.
 */
export async function stripeSandbox(app: FastifyInstance, { rt }: { rt: SandboxRuntime }) {
  sandboxApi(app, '/sandbox/stripe/api', (reply, failure) => {
    const [status, type, message] = FAILURES[failure];
    return stripeError(reply, status, { type, message });
  });
  // Stripe reads form-encoded parameters only: a JSON body is not parsed, so its parameters are missing.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));
  // Every answer names its request, as Stripe's do (support asks for it; the package keeps it as `lastResponse.requestId`).
  app.addHook('onSend', async (_request, reply) => {
    reply.header('request-id', stripeId('req'));
  });
  const s = stripeState(rt);
  const { db, creds } = s;
  const pages = `${rt.publicUrl ?? ''}/sandbox/stripe`;

  const params = (request: FastifyRequest) => nestForm((request.body ?? {}) as Record<string, string>);
  /** Secret key (our server), or the publishable key (the browser: Stripe.js sends it as the bearer or as `key`). */
  const keyOf = (request: FastifyRequest): 'secret' | 'publishable' | null => {
    const bearer = /^Bearer (.+)$/.exec(String(request.headers.authorization ?? ''))?.[1] ?? String(params(request).key ?? (request.query as Params)?.key ?? '');
    return bearer === creds.secretKey ? 'secret' : bearer === creds.publishableKey ? 'publishable' : null;
  };
  const unauthorised = (reply: FastifyReply) => stripeError(reply, 401, { message: 'Invalid API Key provided.' });
  const missing = (reply: FastifyReply, kind: string, id: string, param: string) =>
    stripeError(reply, 404, { code: 'resource_missing', message: `No such ${kind}: '${id}'`, param });

  /**
   * An intent the caller may use: any with the secret key; with the publishable key only together with its client secret.
   * Undefined once the refusal is sent (a sent reply is thenable: an async function cannot hand it back).
   */
  async function intentFor(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply): Promise<StoredIntent | undefined> {
    const access = keyOf(request);
    if (!access) {
      unauthorised(reply);
      return undefined;
    }
    const intent = await s.findIntent(request.params.id);
    const secret = String(params(request).client_secret ?? (request.query as Params)?.client_secret ?? '');
    if (intent && (access === 'secret' || secret === intent.client_secret)) return intent;
    missing(reply, 'payment_intent', request.params.id, 'intent');
    return undefined;
  }

  /**
   * Stripe's Idempotency-Key (kept per endpoint `scope` with the request's parameters). Without `claim`: the answer to a key
   * already used — the first request's object, or 400 `idempotency_error` when the parameters differ. With `claim` (the id of
   * the object this request is about to create): takes the key, or answers as above when another request took it first
   * (409 while that one has not created its object). Undefined: go on. A request refused before creating anything keeps no
   * key, as Stripe documents (one that took it and then could not go on gives it back: `releaseKey`). The answer comes
   * wrapped: a sent reply is thenable, and an async function would resolve it instead of handing it back.
   */
  async function idempotent(request: FastifyRequest, reply: FastifyReply, scope: string, find: (id: string) => Promise<unknown>, claim?: string): Promise<{ answer: unknown } | undefined> {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || key === '') return undefined;
    const used = { id: claim ?? '', request: JSON.stringify(Object.entries((request.body ?? {}) as Params).sort(([a], [b]) => a.localeCompare(b))) };
    const row = { id: `${scope}:${key}`, status: 'used', data: used };
    let first = claim ? await insertSandboxObjectOnce(db, P, 'idempotency', row, s.now()) : await findSandboxObject<typeof used>(db, P, 'idempotency', row.id);
    if (claim && first?.status === 'released') {
      if (await moveSandboxObject(db, P, 'idempotency', row.id, ['released'], row, s.now())) return undefined;
      first = await findSandboxObject<typeof used>(db, P, 'idempotency', row.id);
    }
    if (!first || first.status === 'released' || first.data.id === claim) return undefined;
    if (first.data.request !== used.request) {
      return { answer: stripeError(reply, 400, { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.` }) };
    }
    return { answer: (await find(first.data.id)) ?? stripeError(reply, 409, { type: 'idempotency_error', message: `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.` }) };
  }
  async function releaseKey(request: FastifyRequest, scope: string) {
    const key = request.headers['idempotency-key'];
    if (typeof key === 'string' && key !== '') await moveSandboxObject(db, P, 'idempotency', `${scope}:${key}`, ['used'], { status: 'released', data: { id: '', request: '' } }, s.now());
  }
  const findShownIntent = async (id: string) => {
    const intent = await s.findIntent(id);
    return intent && shownIntent(intent);
  };
  const findRefund = async (id: string) => (await findSandboxObject(db, P, 'refund', id))?.data;

  /** The intent as answered: `latest_charge` inline when `expand[]=latest_charge` was asked for. */
  async function answer(intent: StoredIntent, request: FastifyRequest) {
    const expand = Object.entries({ ...(request.query as Params), ...params(request) }).some(([key, value]) => key.startsWith('expand') && (value === 'latest_charge' || (Array.isArray(value) && value.includes('latest_charge')) || (typeof value === 'object' && value !== null && Object.values(value).includes('latest_charge'))));
    if (keyOf(request) === 'publishable') return shownIntent(intent, 'publishable');
    if (!expand || !intent.latest_charge) return shownIntent(intent);
    return { ...shownIntent(intent), latest_charge: (await s.findCharge(intent.latest_charge)) ?? intent.latest_charge };
  }

  app.post('/sandbox/stripe/api/v1/payment_intents', async (request, reply) => {
    if (keyOf(request) !== 'secret') return unauthorised(reply);
    const earlier = await idempotent(request, reply, 'pi', findShownIntent);
    if (earlier) return earlier.answer;
    const body = params(request);
    const amount = Number(body.amount);
    if (body.amount === undefined) return stripeError(reply, 400, { code: 'parameter_missing', message: 'Missing required param: amount.', param: 'amount' });
    if (!Number.isInteger(amount) || amount < 1) return stripeError(reply, 400, { code: 'parameter_invalid_integer', message: 'Invalid integer: amount', param: 'amount' });
    if (typeof body.currency !== 'string' || !/^[a-z]{3}$/.test(body.currency)) return stripeError(reply, 400, { code: 'parameter_missing', message: 'Missing required param: currency.', param: 'currency' });
    const id = stripeId('pi');
    const raced = await idempotent(request, reply, 'pi', findShownIntent, id);
    if (raced) return raced.answer;
    const intent: StoredIntent = {
      id, object: 'payment_intent', amount, amount_received: 0, currency: body.currency, status: 'requires_payment_method',
      client_secret: `${id}_secret_${stripeId('s').slice(2)}`, description: typeof body.description === 'string' ? body.description : null,
      receipt_email: typeof body.receipt_email === 'string' ? body.receipt_email : null, metadata: (body.metadata as Record<string, string>) ?? {},
      automatic_payment_methods: body.automatic_payment_methods ? { enabled: String((body.automatic_payment_methods as Params).enabled) === 'true' } : null,
      payment_method_types: ['card'], payment_method: null, last_payment_error: null, latest_charge: null, next_action: null,
      capture_method: 'automatic_async', confirmation_method: 'automatic', customer: null, processing: null, setup_future_usage: null, shipping: null,
      canceled_at: null, cancellation_reason: null, created: s.seconds(), livemode: false, return_url: null,
      payment_method_options: { card: { installments: installmentsAsked(body) ? { enabled: true, plan: null, available_plans: [] } : null } },
    };
    await insertSandboxObject(db, P, 'intent', { id, status: intent.status, data: intent }, s.now());
    return shownIntent(intent);
  });

  app.get<{ Params: { id: string } }>('/sandbox/stripe/api/v1/payment_intents/:id', async (request, reply) => {
    const intent = await intentFor(request, reply);
    return intent ? answer(intent, request) : reply;
  });

  // Attaching a card (secret key): an intent with installments enabled then lists that card's plans (Stripe's direct-API flow).
  app.post<{ Params: { id: string } }>('/sandbox/stripe/api/v1/payment_intents/:id', async (request, reply) => {
    if (keyOf(request) !== 'secret') return unauthorised(reply);
    const found = await s.findIntent(request.params.id);
    if (!found) return missing(reply, 'payment_intent', request.params.id, 'intent');
    const body = params(request);
    if (found.status !== 'requires_payment_method' && found.status !== 'requires_confirmation') {
      return stripeError(reply, 400, { code: 'payment_intent_unexpected_state', message: `You cannot update this PaymentIntent because it has a status of ${found.status}.`, payment_intent: shownIntent(found) });
    }
    const methodId = typeof body.payment_method === 'string' ? body.payment_method : null;
    const method = methodId ? await s.findMethod(methodId) : undefined;
    if (methodId && !method) return missing(reply, 'payment_method', methodId, 'payment_method');
    const installments = found.payment_method_options?.card.installments ?? null;
    const moved = await s.moveIntent(found, ['requires_payment_method', 'requires_confirmation'], {
      ...(method ? { payment_method: method.id, status: 'requires_confirmation' as const } : {}),
      payment_method_options: { card: { installments: installments && method ? { ...installments, plan: null, available_plans: plansOf(method, found) } : installments } },
    });
    if (!moved) return stripeError(reply, 400, { code: 'payment_intent_unexpected_state', message: 'This PaymentIntent was changed by another request.' });
    return answer(moved, request);
  });

  app.post<{ Params: { id: string } }>('/sandbox/stripe/api/v1/payment_intents/:id/confirm', async (request, reply) => {
    const found = await intentFor(request, reply);
    if (!found) return reply;
    const body = params(request);
    const access = keyOf(request) ?? 'publishable';
    if (found.status !== 'requires_payment_method' && found.status !== 'requires_confirmation') {
      return stripeError(reply, 400, { code: 'payment_intent_unexpected_state', message: `This PaymentIntent's status is ${found.status}; it cannot be confirmed.`, payment_intent: shownIntent(found, access) });
    }
    const methodId = String(body.payment_method ?? found.payment_method ?? '');
    const method = methodId ? await s.findMethod(methodId) : undefined;
    if (!method) return missing(reply, 'payment_method', methodId, 'payment_method');
    // A plan must be one of the card's available plans on an intent with installments enabled, as Stripe checks.
    const asked = planAsked(body);
    if (asked) {
      const offered = found.payment_method_options?.card.installments ? plansOf(method, found) : [];
      if (!offered.some((p) => p.count === asked.count && p.interval === asked.interval && p.type === asked.type)) {
        return stripeError(reply, 400, { code: 'parameter_invalid_integer', message: 'The installment plan is not one of the available plans of this PaymentIntent.', param: 'payment_method_options[card][installments][plan]' });
      }
      found.payment_method_options.card.installments = { ...found.payment_method_options.card.installments!, plan: asked };
    }
    const returnUrl = typeof body.return_url === 'string' ? body.return_url : null;
    if (method.outcome === 'requires_authentication') {
      if (!returnUrl) return stripeError(reply, 400, { code: 'parameter_missing', message: 'This payment requires authentication: a return_url is needed.', param: 'return_url' });
      const challenge = `${pages}/3ds/${found.id}?client_secret=${encodeURIComponent(found.client_secret)}`;
      const moved = await s.moveIntent(found, ['requires_payment_method', 'requires_confirmation'], {
        status: 'requires_action', payment_method: method.id, return_url: returnUrl, last_payment_error: null,
        next_action: { type: 'redirect_to_url', redirect_to_url: { url: challenge, return_url: returnUrl } },
      });
      if (!moved) return stripeError(reply, 400, { code: 'payment_intent_unexpected_state', message: 'This PaymentIntent was confirmed by another request.' });
      await s.notify('payment_intent.requires_action', shownIntent(moved));
      return shownIntent(moved, access);
    }
    const declined = method.outcome !== 'succeeds';
    const settled = await s.settle({ ...found, return_url: returnUrl }, method, declined ? 'declined' : 'succeeded', declined ? method.outcome : undefined);
    if (!settled) return stripeError(reply, 400, { code: 'payment_intent_unexpected_state', message: 'This PaymentIntent was confirmed by another request.' });
    if (declined) {
      return stripeError(reply, 402, { type: 'card_error', code: 'card_declined', decline_code: method.outcome, message: DECLINE_MESSAGES[method.outcome], payment_intent: shownIntent(settled, access) });
    }
    return shownIntent(settled, access);
  });

  app.post<{ Params: { id: string } }>('/sandbox/stripe/api/v1/payment_intents/:id/cancel', async (request, reply) => {
    if (keyOf(request) !== 'secret') return unauthorised(reply);
    const found = await s.findIntent(request.params.id);
    if (!found) return missing(reply, 'payment_intent', request.params.id, 'intent');
    const moved = await s.moveIntent(found, ['requires_payment_method', 'requires_confirmation', 'requires_action'], {
      status: 'canceled', canceled_at: s.seconds(), cancellation_reason: String(params(request).cancellation_reason ?? 'requested_by_customer'), next_action: null,
    });
    if (!moved) return stripeError(reply, 400, { code: 'payment_intent_unexpected_state', message: `You cannot cancel this PaymentIntent because it has a status of ${found.status}.`, payment_intent: shownIntent(found) });
    await s.notify('payment_intent.canceled', shownIntent(moved));
    return shownIntent(moved);
  });

  app.post('/sandbox/stripe/api/v1/payment_methods', async (request, reply) => {
    if (!keyOf(request)) return unauthorised(reply);
    const body = params(request);
    const card = (body.card ?? {}) as Params;
    const number = String(card.number ?? '').replace(/\s+/g, '');
    const month = Number(card.exp_month);
    const year = Number(card.exp_year) < 100 ? 2000 + Number(card.exp_year) : Number(card.exp_year);
    const today = rt.now();
    if (body.type !== 'card') return stripeError(reply, 400, { code: 'parameter_invalid_empty', message: 'Invalid type: must be card.', param: 'type' });
    if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) return stripeError(reply, 402, { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.', param: 'card[number]' });
    if (!Number.isInteger(month) || month < 1 || month > 12) return stripeError(reply, 402, { type: 'card_error', code: 'invalid_expiry_month', message: "Your card's expiration month is invalid.", param: 'card[exp_month]' });
    if (!Number.isInteger(year) || year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1)) {
      return stripeError(reply, 402, { type: 'card_error', code: 'invalid_expiry_year', message: "Your card's expiration year is invalid.", param: 'card[exp_year]' });
    }
    if (!/^\d{3,4}$/.test(String(card.cvc ?? ''))) return stripeError(reply, 402, { type: 'card_error', code: 'invalid_cvc', message: "Your card's security code is invalid.", param: 'card[cvc]' });
    const known = TEST_CARDS[number];
    const billing = (body.billing_details ?? {}) as Params;
    const method: StoredPaymentMethod = {
      id: stripeId('pm'), object: 'payment_method', type: 'card',
      card: {
        brand: known?.brand ?? (number.startsWith('4') ? 'visa' : number.startsWith('3') ? 'amex' : 'mastercard'), last4: number.slice(-4), funding: known?.funding ?? 'credit',
        exp_month: month, exp_year: year, wallet: null,
      },
      billing_details: { name: (billing.name as string) ?? null, email: (billing.email as string) ?? null, phone: (billing.phone as string) ?? null },
      created: s.seconds(), livemode: false, outcome: known?.outcome ?? 'succeeds', ...(known?.disputed ? { disputed: true } : {}), ...(known?.installments ? { installments: known.installments } : {}),
    };
    await insertSandboxObject(db, P, 'payment_method', { id: method.id, status: 'created', data: method }, s.now());
    return publicMethod(method);
  });

  app.post('/sandbox/stripe/api/v1/refunds', async (request, reply) => {
    if (keyOf(request) !== 'secret') return unauthorised(reply);
    const earlier = await idempotent(request, reply, 're', findRefund);
    if (earlier) return earlier.answer;
    const body = params(request);
    const intentId = String(body.payment_intent ?? '');
    const intent = intentId ? await s.findIntent(intentId) : undefined;
    if (!intent) return missing(reply, 'payment_intent', intentId, 'payment_intent');
    const chargeRow = intent.status === 'succeeded' && intent.latest_charge ? await findSandboxObject<StoredCharge>(db, P, 'charge', intent.latest_charge) : undefined;
    if (!chargeRow) return stripeError(reply, 400, { code: 'charge_not_refundable', message: `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, param: 'payment_intent' });
    const charge = chargeRow.data;
    const left = charge.amount - charge.amount_refunded;
    if (left === 0) return stripeError(reply, 400, { code: 'charge_already_refunded', message: `Charge ${charge.id} has already been refunded.`, param: 'payment_intent' });
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (!Number.isInteger(amount) || amount < 1 || amount > left) {
      return stripeError(reply, 400, { code: 'amount_too_large', message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left}).`, param: 'amount' });
    }
    const refundId = stripeId('re');
    const raced = await idempotent(request, reply, 're', findRefund, refundId);
    if (raced) return raced.answer;
    // The charge keeps what went back (all of it: `refunded`); its row's status counts it, so two refunds never take the same remainder.
    const given = charge.amount_refunded + amount;
    const refunded: StoredCharge = { ...charge, amount_refunded: given, refunded: given === charge.amount };
    if (!(await moveSandboxObject(db, P, 'charge', charge.id, [chargeRow.status], { status: refunded.refunded ? 'refunded' : `refunded:${given}`, data: refunded }, s.now()))) {
      await releaseKey(request, 're');
      return stripeError(reply, 429, { type: 'invalid_request_error', code: 'lock_timeout', message: 'This object cannot be accessed right now because another API request or Stripe process is currently accessing it. If you see this error intermittently, retry the request.' });
    }
    const refund = { id: refundId, object: 'refund', amount, currency: intent.currency, payment_intent: intent.id, charge: charge.id, status: 'succeeded', reason: null, created: s.seconds() };
    await insertSandboxObject(db, P, 'refund', { id: refundId, status: 'succeeded', data: refund }, s.now());
    // Stripe tells of every refund, whole or partial, with the charge as it now is.
    await s.notify('charge.refunded', refunded);
    return refund;
  });

  // Disputes: a charge of the disputed test card (4000000000000259) is disputed once it succeeds; closing the dispute accepts it, and it is lost.
  app.get('/sandbox/stripe/api/v1/disputes', async (request, reply) => {
    if (keyOf(request) !== 'secret') return unauthorised(reply);
    const query = (request.query ?? {}) as Params;
    const data = (await listSandboxObjects<StoredDispute>(db, P, 'dispute')).map((o) => o.data)
      .filter((d) => (!query.payment_intent || d.payment_intent === query.payment_intent) && (!query.charge || d.charge === query.charge))
      .reverse();
    return { object: 'list', data, has_more: false, url: '/v1/disputes' };
  });

  app.get<{ Params: { id: string } }>('/sandbox/stripe/api/v1/disputes/:id', async (request, reply) => {
    if (keyOf(request) !== 'secret') return unauthorised(reply);
    return (await s.findDispute(request.params.id)) ?? missing(reply, 'dispute', request.params.id, 'dispute');
  });

  app.post<{ Params: { id: string } }>('/sandbox/stripe/api/v1/disputes/:id/close', async (request, reply) => {
    if (keyOf(request) !== 'secret') return unauthorised(reply);
    const found = await s.findDispute(request.params.id);
    if (!found) return missing(reply, 'dispute', request.params.id, 'dispute');
    const lost: StoredDispute = { ...found, status: 'lost' };
    if (!(await moveSandboxObject(db, P, 'dispute', found.id, ['needs_response'], { status: 'lost', data: lost }, s.now()))) {
      return stripeError(reply, 400, { message: `This dispute (${found.id}) is already closed.` });
    }
    await s.notify('charge.dispute.closed', lost);
    return lost;
  });
}

/** `payment_method_options[card][installments][enabled]=true` on create. */
function installmentsAsked(body: Params): boolean {
  const card = ((body.payment_method_options as Params | undefined)?.card ?? {}) as Params;
  return String((card.installments as Params | undefined)?.enabled) === 'true';
}

/** The plan of a confirmation (`payment_method_options[card][installments][plan]`), or null. */
function planAsked(body: Params): InstallmentsPlan | null {
  const card = ((body.payment_method_options as Params | undefined)?.card ?? {}) as Params;
  const plan = (card.installments as Params | undefined)?.plan as Params | undefined;
  if (!plan || typeof plan !== 'object') return null;
  return { count: Number(plan.count), interval: String(plan.interval) as 'month', type: String(plan.type) as 'fixed_count' };
}

/** A card's plans on an MXN intent: its issuer's months (a credit card of Stripe's Mexican test cards), none for debit. */
function plansOf(method: StoredPaymentMethod, intent: StoredIntent): InstallmentsPlan[] {
  if (intent.currency !== 'mxn' || method.card.funding !== 'credit') return [];
  return (method.installments ?? []).map((count) => ({ count, interval: 'month', type: 'fixed_count' }));
}
