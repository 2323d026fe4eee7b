import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { notFound } from '../http/not-found';
import type { SandboxRuntime } from '../runtime';
import { esc, framableBySelf, page } from './html';

/** The browser files, read once at start (plain scripts: no build step, no eval). */
const file = (name: string) => readFileSync(new URL(`./browser/${name}`, import.meta.url), 'utf8');
const SCRIPTS: Record<string, string> = {
  'card-rules.js': file('card-rules.js'),
  'field.js': file('field.js'),
  'demo-card-form.js': file('demo-card-form.js'),
  'demo-fast-payments.js': file('demo-fast-payments.js'),
};
// One script, as MercadoPago serves one: the core SDK, then its fast-payments methods.
const SDK = `${file('mercadopago-sdk.js')}\n${file('mercadopago-fast-payments.js')}`;
const FIELD_TYPES = ['cardNumber', 'expirationDate', 'securityCode'] as const;
type FieldType = (typeof FIELD_TYPES)[number];
const AUTOCOMPLETE: Record<FieldType, string> = { cardNumber: 'cc-number', expirationDate: 'cc-exp', securityCode: 'cc-csc' };
const DEFAULT_LABEL: Record<FieldType, string> = { cardNumber: 'Número de tarjeta', expirationDate: 'Fecha de vencimiento', securityCode: 'Código de seguridad' };

const javascript = (reply: FastifyReply, source: string) => reply.type('application/javascript; charset=utf-8').send(source);

/** One secure field: a bare input with its label, the CSP of the store but framable by our own pages. */
function fieldPage(type: FieldType, label: string, placeholder: string): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="robots" content="noindex">
<title>${esc(label)}</title>
<style>
  html, body { margin: 0; padding: 0; background: transparent; font-family: system-ui, sans-serif; }
  .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  input { box-sizing: border-box; width: 100%; height: 40px; font-size: 16px; padding: 6px 10px; border: 1px solid #8a8f98; border-radius: 4px; color: #1b1b1b; background: #fff; }
  input:focus-visible { outline: 3px solid #1a5fb4; outline-offset: -3px; }
  input[aria-invalid="true"] { border-color: #b00020; }
</style>
</head>
<body data-type="${type}">
<label class="sr-only" for="field">${esc(label)}</label>
<input id="field" type="text" inputmode="numeric" autocomplete="${AUTOCOMPLETE[type]}" spellcheck="false" aria-required="true" placeholder="${esc(placeholder)}">
<script src="/sandbox/mercadopago/browser/card-rules.js"></script>
<script src="/sandbox/mercadopago/browser/field.js"></script>
</body>
</html>`;
}

/**
 * The sandbox's MercadoPago browser SDK: the script (`/sandbox/mercadopago/js/v2`, the
 * same API subset as MercadoPago's JS SDK v2), the secure-field iframes it mounts
 * (`/sandbox/mercadopago/fields/:type`) and a demo card form that uses them the way a
 * merchant page would (`/sandbox/mercadopago/demo-card-form`), and a fast-payments demo
 * (`/sandbox/mercadopago/demo-fast-payments`: authenticator, saved methods, saved-card code).
 */
export async function mercadoPagoBrowserSandbox(app: FastifyInstance, { rt }: { rt: SandboxRuntime }) {
  // The sandbox's public key: what a merchant page passes to `new MercadoPago(...)`.
  const { publicKey } = rt.credentials.mercadopago;

  app.get('/sandbox/mercadopago/js/v2', async (_request, reply) => javascript(reply, SDK));

  app.get<{ Params: { name: string } }>('/sandbox/mercadopago/browser/:name', async (request, reply) => {
    const source = SCRIPTS[request.params.name];
    if (source === undefined) return notFound(reply);
    return javascript(reply, source);
  });

  app.get<{ Params: { type: string }; Querystring: { label?: string; placeholder?: string } }>('/sandbox/mercadopago/fields/:type', async (request, reply) => {
    const type = request.params.type as FieldType;
    if (!FIELD_TYPES.includes(type)) return notFound(reply);
    const label = String(request.query.label || DEFAULT_LABEL[type]).slice(0, 120);
    const placeholder = String(request.query.placeholder ?? '').slice(0, 60);
    // A secure field exists to be framed by our own pages.
    framableBySelf(reply);
    return reply.type('text/html; charset=utf-8').send(fieldPage(type, label, placeholder));
  });

  app.get('/sandbox/mercadopago/demo-card-form', async (_request, reply) => {
    const body = `<p>Una página de prueba que monta los campos seguros del sandbox como lo haría un comercio. Usa una tarjeta de prueba de MercadoPago para México (listadas en docs/payments.md; aquí no se muestran para que esta página nunca contenga un número de tarjeta), vencimiento 11/30, código 123 (Amex 1234); titular <code>APRO</code> para aprobar.</p>
<form id="card-form" data-public-key="${esc(publicKey)}">
<div class="row"><span aria-hidden="true">Número de tarjeta</span><div id="field-cardNumber" class="secure-field"></div></div>
<div class="row"><span aria-hidden="true">Vencimiento</span><div id="field-expirationDate" class="secure-field"></div></div>
<div class="row"><span aria-hidden="true">Código de seguridad</span><div id="field-securityCode" class="secure-field"></div></div>
<p><label for="cardholder">Titular de la tarjeta</label><input id="cardholder" name="cardholder" autocomplete="cc-name" value="APRO"></p>
<button type="submit" class="primary">Crear token</button>
</form>
<p id="result" class="status" role="status" aria-live="polite"></p>
<h2>Eventos</h2>
<ul id="events"></ul>
<script src="/sandbox/mercadopago/js/v2"></script>
<script src="/sandbox/mercadopago/browser/demo-card-form.js"></script>`;
    return reply.type('text/html; charset=utf-8').send(page({ provider: 'Mercado Pago', title: 'Formulario de tarjeta de prueba', body, accent: '#00689c' }));
  });
  app.get('/sandbox/mercadopago/demo-fast-payments', async (_request, reply) => {
    const body = `<p>Una página de prueba de los pagos rápidos del sandbox: el autenticador pide confirmar la cuenta y luego se listan sus medios guardados. La cuenta de prueba <code>test_user_mx@testuser.com</code> tiene una Visa que pide su código (123), una Mastercard que no lo pide y dinero en cuenta; un correo con <code>+fail</code> no puede autenticarse.</p>
<form id="fast-form" data-public-key="${esc(publicKey)}">
<p><label for="email">Correo de la cuenta</label><input id="email" name="email" type="email" autocomplete="email" value="test_user_mx@testuser.com"></p>
<p><label for="amount">Importe</label><input id="amount" name="amount" inputmode="decimal" value="100.00"></p>
<p><input id="hide-confirmation" type="checkbox"> <label for="hide-confirmation">Sin confirmación del comprador (hideUserConfirmation)</label></p>
<button type="submit" class="primary">Buscar medios guardados</button>
</form>
<p id="result" class="status" role="status" aria-live="polite"></p>
<h2>Medios guardados</h2>
<ul id="methods"></ul>
<div class="row"><span aria-hidden="true">Código de seguridad de la tarjeta guardada</span><div id="field-securityCode" class="secure-field"></div></div>
<script src="/sandbox/mercadopago/js/v2"></script>
<script src="/sandbox/mercadopago/browser/demo-fast-payments.js"></script>`;
    return reply.type('text/html; charset=utf-8').send(page({ provider: 'Mercado Pago', title: 'Pagos rápidos de prueba', body, accent: '#00689c' }));
  });
}
