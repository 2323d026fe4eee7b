import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { insertSandboxObject } from './objects.repository';
import type { SandboxRuntime } from '../runtime';
import { esc, facts, money, page } from './html';
import { P, publicMethod, stripeId, stripeState, type StoredIntent, type StoredPaymentMethod } from './stripe-state';

/** The browser files, read once at start (plain scripts: no build step, no eval). */
const file = (name: string) => readFileSync(new URL(`./browser/${name}`, import.meta.url), 'utf8');
// One script, as Stripe serves one: the core (Stripe, elements, payment element), then the express checkout element.
const STRIPE_JS = `${file('stripe-v3.js')}\n${file('stripe-express-checkout.js')}`;
const CARD_FRAME_JS = file('stripe-card-frame.js');
const ACCENT = '#635bff';
const WALLETS = { google_pay: 'Google Pay', apple_pay: 'Apple Pay' } as const;
type Wallet = keyof typeof WALLETS;

const javascript = (reply: FastifyReply, source: string) => reply.type('application/javascript; charset=utf-8').send(source);

/** Helmet forbids every frame ancestor; the card element exists to be framed by the store's own pages. */
function framable(reply: FastifyReply) {
  const csp = String(reply.getHeader('content-security-policy') ?? '').replace(/frame-ancestors 'none'/, "frame-ancestors 'self'");
  if (csp) reply.header('content-security-policy', csp);
  reply.removeHeader('x-frame-options');
}

/** The payment element's frame: card number, expiry and security code, each with its visible label (English: the storefront asks for locale en). */
function cardFramePage(frameId: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="robots" content="noindex">
<title>Secure payment input frame</title>
<style>
  html, body { margin: 0; padding: 0; background: transparent; font-family: system-ui, sans-serif; color: #1b1b1b; }
  form { padding: 2px; }
  .tab { display: inline-block; font-weight: 600; border: 2px solid ${ACCENT}; border-radius: 6px; padding: 6px 12px; margin-bottom: 10px; }
  label { display: block; font-size: 14px; font-weight: 600; margin: 0 0 4px; }
  input { box-sizing: border-box; width: 100%; height: 42px; font-size: 16px; padding: 6px 10px; border: 1px solid #767676; border-radius: 4px; background: #fff; color: #1b1b1b; }
  input:focus-visible { outline: 3px solid #1a5fb4; outline-offset: -3px; }
  input[aria-invalid="true"] { border-color: #b00020; }
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
  .field { margin-bottom: 10px; }
  .error { color: #b00020; font-size: 14px; min-height: 18px; margin: 2px 0 0; }
</style>
</head>
<body data-frame="${esc(frameId)}">
<form id="card" novalidate>
<span class="tab">Card</span>
<div class="field"><label for="number">Card number</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" aria-describedby="number-error" spellcheck="false" aria-required="true"><p class="error" id="number-error"></p></div>
<div class="row">
<div class="field"><label for="expiry">Expiration date</label><input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" aria-describedby="expiry-error" aria-required="true"><p class="error" id="expiry-error"></p></div>
<div class="field"><label for="cvc">Security code</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" aria-describedby="cvc-error" aria-required="true"><p class="error" id="cvc-error"></p></div>
</div>
</form>
<script src="/sandbox/stripe/browser/stripe-card-frame.js"></script>
</body>
</html>`;
}

/**
 * The sandbox's Stripe.js (`/sandbox/stripe/v3`: the subset the storefront uses, see the
 * script's header), the payment element's card frame (`/sandbox/stripe/elements/payment`), the
 * wallet sheets' payment method endpoint (`/sandbox/stripe/wallet-sheet`, which keeps what the
 * sheet showed: line items and the contact details it asked for) and the 3-D Secure challenge
 * page (`/sandbox/stripe/3ds/:id`: complete or fail, then back to the return URL).
 */
export async function stripeBrowserSandbox(app: FastifyInstance, { rt }: { rt: SandboxRuntime }) {
  const s = stripeState(rt);
  const pages = `${rt.publicUrl ?? ''}/sandbox/stripe`;

  app.get('/sandbox/stripe/v3', async (_request, reply) => javascript(reply, STRIPE_JS));
  app.get<{ Params: { name: string } }>('/sandbox/stripe/browser/:name', async (request, reply) => {
    if (request.params.name !== 'stripe-card-frame.js') return notFound(reply);
    return javascript(reply, CARD_FRAME_JS);
  });

  app.get<{ Querystring: { id?: string } }>('/sandbox/stripe/elements/payment', async (request, reply) => {
    framable(reply);
    return reply.type('text/html; charset=utf-8').send(cardFramePage(String(request.query.id ?? '').slice(0, 40)));
  });

  app.post<{ Body: { key?: string; client_secret?: string; wallet?: string; line_items?: { name?: unknown; amount?: unknown }[]; billing_details?: Record<string, unknown> } }>(
    '/sandbox/stripe/wallet-sheet',
    {
      schema: {
        body: {
          type: 'object',
          required: ['key', 'client_secret', 'wallet', 'line_items', 'billing_details'],
          properties: {
            key: { type: 'string', maxLength: 200 }, client_secret: { type: 'string', maxLength: 200 }, wallet: { type: 'string', enum: Object.keys(WALLETS) },
            line_items: { type: 'array', maxItems: 50, items: { type: 'object', required: ['name', 'amount'], properties: { name: { type: 'string', maxLength: 200 }, amount: { type: 'integer', minimum: 0 } } } },
            billing_details: { type: 'object', properties: { name: { type: 'string', maxLength: 100 }, email: { type: 'string', maxLength: 155 }, phone: { type: 'string', maxLength: 30 } } },
          },
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.key !== s.creds.publishableKey) return reply.status(401).send({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
      const intentId = String(body.client_secret).split('_secret_')[0];
      const intent = await s.findIntent(intentId);
      if (!intent || intent.client_secret !== body.client_secret) return reply.status(404).send({ error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${intentId}'` } });
      const wallet = body.wallet as Wallet;
      const billing = body.billing_details ?? {};
      const method: StoredPaymentMethod = {
        id: stripeId('pm'), object: 'payment_method', type: 'card',
        card: { brand: 'visa', last4: '4242', funding: 'credit', exp_month: 12, exp_year: rt.now().getUTCFullYear() + 3, wallet: { type: wallet } },
        billing_details: { name: (billing.name as string) ?? null, email: (billing.email as string) ?? null, phone: (billing.phone as string) ?? null },
        created: s.seconds(), livemode: false, outcome: 'succeeds',
      };
      await insertSandboxObject(s.db, P, 'payment_method', { id: method.id, status: 'created', data: method }, s.now());
      // What the sheet showed, kept for support and tests: the line items the page resolved the click with.
      await insertSandboxObject(s.db, P, 'wallet_sheet', { id: method.id, status: 'paid', data: { payment_intent: intent.id, wallet, line_items: body.line_items, billing_details: method.billing_details } }, s.now());
      return publicMethod(method);
    },
  );

  const notFound = (reply: FastifyReply) =>
    reply.status(404).type('text/html; charset=utf-8').send(page({ provider: 'Stripe', accent: ACCENT, lang: 'en', title: 'Payment not found', body: '<p>This payment does not exist.</p>' }));

  /** The intent a challenge URL names, when its client secret matches and it still waits for authentication. */
  async function challenged(request: FastifyRequest<{ Params: { id: string }; Querystring: { client_secret?: string }; Body?: { client_secret?: string } }>) {
    const intent = await s.findIntent(request.params.id);
    const secret = request.body?.client_secret ?? request.query.client_secret;
    return intent && secret === intent.client_secret ? intent : undefined;
  }

  const backTo = (intent: StoredIntent, status: 'succeeded' | 'failed') => {
    const url = new URL(intent.return_url ?? `${pages}/3ds/${intent.id}`, 'http://placeholder');
    url.searchParams.set('payment_intent', intent.id);
    url.searchParams.set('payment_intent_client_secret', intent.client_secret);
    url.searchParams.set('redirect_status', status);
    return intent.return_url && /^https?:/.test(intent.return_url) ? url.toString() : `${url.pathname}${url.search}`;
  };

  app.get<{ Params: { id: string }; Querystring: { client_secret?: string } }>('/sandbox/stripe/3ds/:id', async (request, reply) => {
    const intent = await challenged(request);
    if (!intent) return notFound(reply);
    reply.type('text/html; charset=utf-8');
    const method = intent.payment_method ? await s.findMethod(intent.payment_method) : undefined;
    const action = (outcome: string, label: string, variant: string) =>
      `<form method="post" action="${esc(`${pages}/3ds/${intent.id}/${outcome}`)}"><input type="hidden" name="client_secret" value="${esc(intent.client_secret)}"><button type="submit" class="${variant}">${esc(label)}</button></form>`;
    const body =
      intent.status === 'requires_action'
        ? `${facts([['Amount', money(intent.amount, intent.currency.toUpperCase())], ['Card', method ? `•••• ${method.card.last4}` : '—']])}
<p>Your bank asks you to confirm this payment (3-D Secure test page).</p>
${action('complete', 'Complete authentication', 'primary')}${action('fail', 'Fail authentication', 'secondary')}`
        : `<p class="status" role="status">This payment no longer waits for authentication.</p>${intent.return_url ? `<p><a href="${esc(backTo(intent, intent.status === 'succeeded' ? 'succeeded' : 'failed'))}">Back to the store</a></p>` : ''}`;
    return page({ provider: 'Stripe', accent: ACCENT, lang: 'en', title: '3-D Secure authentication', body });
  });

  const finish = (outcome: 'complete' | 'fail') => async (request: FastifyRequest<{ Params: { id: string }; Querystring: { client_secret?: string }; Body: { client_secret?: string } }>, reply: FastifyReply) => {
    const intent = await challenged(request);
    if (!intent) return notFound(reply);
    const method = intent.payment_method ? await s.findMethod(intent.payment_method) : undefined;
    let settled: StoredIntent | undefined;
    if (intent.status === 'requires_action' && method) settled = await s.settle(intent, method, outcome === 'complete' ? 'succeeded' : 'authentication_failure');
    const current = settled ?? (await s.findIntent(intent.id))!;
    return reply.redirect(backTo(current, current.status === 'succeeded' ? 'succeeded' : 'failed'), 303);
  };
  app.post('/sandbox/stripe/3ds/:id/complete', finish('complete'));
  app.post('/sandbox/stripe/3ds/:id/fail', finish('fail'));
}
