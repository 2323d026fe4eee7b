import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LoaderResponse, OpenpayLoaderRequest, OpenpayProcessPaymentRequest, OpenpayProcessPaymentResponse } from '../../../shared/api';
import secondCardUi from '../../../../schemas/forms/second-card.ui.json';
import esForms from '../../../../locales/es/forms.json';
import enForms from '../../../../locales/en/forms.json';
import { answers } from '../../http/api-schemas';
import { AppError } from '../../http/app-error';
import { messageLanguage } from '../../../shared/accept-language';
import { rateLimited } from '../../plugins/security';
import { purchaseKeyRequired, requestKey } from '../../services/access-keys';
import { processLoader } from '../observe';
import { openpayAttemptOf, payByOpenpay } from '../openpay-card';
import type { PaymentsRuntime } from '../runtime';
import { esc } from '../../../shared/node/html-page';
import { requestOrigin } from './payment.routes';

/** Openpay's CDN: where the live card frame and storefront load its two scripts from. */
export const OPENPAY_CDN = 'https://js.openpay.mx';
const FRAME_SCRIPT = readFileSync(new URL('../browser/openpay-card-frame.js', import.meta.url), 'utf8');
const LABELS = { es: esForms.fields, en: enForms.fields };
const maxOf = (field: 'expireMonth' | 'expireYear' | 'cvvCode') => (secondCardUi[field]['ui:options'] as { maxLength: number }).maxLength;

/**
 * Where the card frame loads openpay.v1.min.js from (Openpay's CDN, or the configured copy) and
 * the keys it tokenizes with; `sandboxMode` is Openpay's own test switch (its test API, or a stand-in).
 */
function frameConfig(rt: PaymentsRuntime) {
  const { openpay } = rt.ctx.config;
  const sandboxMode = rt.providers.openpay.mode === 'sandbox' || openpay.apiUrl.includes('sandbox');
  return { script: openpay.scriptUrl, merchantId: openpay.merchantId ?? '', publicKey: openpay.publicKey ?? '', sandboxMode };
}

/** The card frame's page: the three card inputs with their labels, Openpay's script and ours. */
function cardFramePage(rt: PaymentsRuntime, lang: 'es' | 'en'): string {
  const c = frameConfig(rt);
  const l = LABELS[lang];
  const input = (id: string, label: string, autocomplete: string, max: number, size: string) =>
    `<div class="field ${size}"><label for="${id}">${esc(label)}</label><input id="${id}" type="text" inputmode="numeric" autocomplete="${autocomplete}" spellcheck="false" aria-required="true" data-max="${max}" maxlength="${id === 'card-number' ? 19 : max}"></div>`;
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="robots" content="noindex">
<title>${esc(l.cardNumber)}</title>
<link rel="stylesheet" href="/payments/openpay/card-frame.css">
</head>
<body data-merchant-id="${esc(c.merchantId)}" data-public-key="${esc(c.publicKey)}" data-sandbox-mode="${c.sandboxMode}">
<main>
${input('card-number', l.cardNumber, 'cc-number', 16, 'wide')}
<div class="row">
${input('card-month', l.expireMonth, 'cc-exp-month', maxOf('expireMonth'), 'narrow')}
${input('card-year', l.expireYear, 'cc-exp-year', maxOf('expireYear'), 'narrow')}
${input('card-cvv', l.securityCode, 'cc-csc', maxOf('cvvCode'), 'narrow')}
</div>
</main>
<script src="${esc(c.script)}"></script>
<script src="/payments/openpay/card-frame.js"></script>
</body>
</html>`;
}

const FRAME_CSS = `html, body { margin: 0; padding: 0; background: transparent; font-family: Roboto, system-ui, sans-serif; color: #1b1b1b; }
main { display: flex; flex-direction: column; gap: 12px; padding: 2px; }
.row { display: flex; gap: 12px; flex-wrap: wrap; }
.field { display: flex; flex-direction: column; gap: 4px; } .wide { width: 100%; } .narrow { flex: 1 1 120px; }
label { font-size: 14px; color: #3d3d3d; }
input { box-sizing: border-box; width: 100%; height: 44px; font-size: 16px; padding: 8px 12px; border: 1px solid #767676; border-radius: 4px; background: #fff; color: #1b1b1b; }
input:focus-visible { outline: 3px solid #1a5fb4; outline-offset: -1px; }
input[aria-invalid="true"] { border: 2px solid #b00020; }`;

/** The frame may be framed by our own pages only, and may load Openpay's script (live) and reach its API. */
function frameHeaders(rt: PaymentsRuntime, reply: FastifyReply) {
  let csp = String(reply.getHeader('content-security-policy') ?? '').replace(/frame-ancestors 'none'/, "frame-ancestors 'self'");
  if (rt.providers.openpay.mode === 'live') {
    csp = csp.replace(/script-src ([^;]*)/, `script-src $1 ${OPENPAY_CDN}`).replace(/connect-src ([^;]*)/, 'connect-src $1 https://api.openpay.mx https://sandbox-api.openpay.mx');
  }
  if (csp) reply.header('content-security-policy', csp);
  reply.removeHeader('x-frame-options');
}

/**
 * A refusal of process-payment carries `error_message` (the sentence the storefront's toast shows)
 * beside `mensaje` and `code`, as the Openpay panel's contract names it.
 */
function withErrorMessage(request: FastifyRequest, error: unknown): unknown {
  if (!(error instanceof AppError) || error.statusCode >= 500) return error;
  const message = error.mensajeIn(messageLanguage(request.headers['accept-language']));
  return new AppError(error.statusCode, error.code, error.text, { ...error.details, error_message: message });
}

/**
 * Openpay (the second card provider, docs/api.md): process-payment with a browser-made
 * token and device session id, the loader of `/{url}/open-pay/loader`, and the card frame
 * whose inputs keep the card out of the store's page.
 */
export async function openpayRoutes(app: FastifyInstance, { rt }: { rt: PaymentsRuntime }) {
  const keyed = purchaseKeyRequired(rt.ctx);

  app.post<{ Body: OpenpayProcessPaymentRequest; Reply: OpenpayProcessPaymentResponse }>(
    '/api/payments/open-pay/process-payment',
    { schema: { body: { $ref: 'api/openpay-process-payment.request#' }, response: answers('openpay-process-payment') }, config: rateLimited, preHandler: keyed },
    async (request) => {
      const b = request.body;
      try {
        const { paymentId, redirectUrl } = await payByOpenpay(rt, {
          purchaseId: b.purchase_id, token: b.token, deviceSessionId: b.device_session_id, buyer: b.buyer_info, lang: b.lang, origin: requestOrigin(rt, request),
        });
        return redirectUrl ? { payment_id: paymentId, redirect_url: redirectUrl } : { payment_id: paymentId };
      } catch (error) {
        throw withErrorMessage(request, error);
      }
    },
  );

  app.post<{ Body: OpenpayLoaderRequest; Reply: LoaderResponse }>(
    '/api/payments/open-pay/loader-process',
    { schema: { body: { type: 'object', allOf: [{ $ref: 'api/payment-loader.request#' }, { type: 'object', required: ['payment_id'] }] }, response: answers('purchase-status') }, config: rateLimited },
    async (request) => {
      const attempt = await openpayAttemptOf(rt, String(request.body.payment_id));
      return processLoader(rt, 'openpay', { paymentId: attempt.provider_payment_id ?? attempt.provider_reference, reference: attempt.provider_reference, attemptId: attempt.id }, attempt, requestKey(request));
    },
  );

  app.get<{ Querystring: { lang?: string } }>('/payments/openpay/card-frame', async (request, reply) => {
    frameHeaders(rt, reply);
    reply.header('cache-control', 'no-store');
    return reply.type('text/html; charset=utf-8').send(cardFramePage(rt, request.query.lang === 'en' ? 'en' : 'es'));
  });
  app.get('/payments/openpay/card-frame.js', async (_request, reply) => reply.type('application/javascript; charset=utf-8').send(FRAME_SCRIPT));
  app.get('/payments/openpay/card-frame.css', async (_request, reply) => reply.type('text/css; charset=utf-8').send(FRAME_CSS));
}
