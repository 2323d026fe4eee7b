import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { findSandboxObject, moveSandboxObject } from './objects.repository';
import type { SandboxRuntime } from '../runtime';
import { actionButton, esc, facts, framableBySelf, money, page } from './html';
import { holderOutcome, type SandboxCardPayment } from './mercadopago-card-payments.sandbox';
import { notifyMercadoPagoPayment } from './mercadopago.sandbox';

const P = 'mercadopago';
const BASE = '/sandbox/mercadopago/3ds';
const COMPLETE_SCRIPT = readFileSync(new URL('./browser/three-ds-complete.js', import.meta.url), 'utf8');

/**
 * The sandbox's 3-D Secure challenge card, Visa 4000 0000 0000 3220 (MercadoPago publishes no
 * challenge card for Mexico): with `three_d_secure_mode: 'optional'` its payment answers
 * pending / pending_challenge with `three_ds_info`, as MercadoPago does when the issuer asks
 * for a challenge. Its holder name then decides the outcome once authenticated (`APRO`…).
 */
export function isChallengeCard(card: { first_six_digits: string; last_four_digits: string }): boolean {
  return card.first_six_digits === '400000' && card.last_four_digits === '3220';
}

/** `three_ds_info` for a payment: the challenge page (browser-relative, like every sandbox page) and a CReq naming the payment. */
export function challengeFor(rt: SandboxRuntime, paymentId: string): { external_resource_url: string; creq: string } {
  const creq = Buffer.from(JSON.stringify({ threeDSServerTransID: paymentId, messageType: 'CReq', messageVersion: '2.1.0', challengeWindowSize: '04' })).toString('base64url');
  return { external_resource_url: `${rt.publicUrl ?? ''}${BASE}/challenge`, creq };
}

/** The payment id inside a CReq, if it is one of ours. */
function paymentOf(creq: unknown): string | null {
  if (typeof creq !== 'string' || creq.length > 2048) return null;
  try {
    const id = (JSON.parse(Buffer.from(creq, 'base64url').toString('utf8')) as { threeDSServerTransID?: unknown }).threeDSServerTransID;
    return typeof id === 'string' && /^\d{1,20}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}

/**
 * The issuer's challenge page, framed by the card panel: the CReq arrives by form POST, the
 * buyer authenticates or fails, the payment is settled (and notified with a signed webhook),
 * and the last page tells the framing page it is over (`postMessage({status: 'COMPLETE'})`).
 */
export async function mercadoPagoThreeDsSandbox(app: FastifyInstance, { rt }: { rt: SandboxRuntime }) {
  const db = rt.db;
  const now = () => rt.now().toISOString();
  const html = (reply: FastifyReply, status: number, title: string, body: string) => {
    framableBySelf(reply);
    return reply.status(status).type('text/html; charset=utf-8').send(page({ provider: 'Banco emisor · 3-D Secure', title, body, accent: '#00689c' }));
  };
  const challenged = async (id: string | null) => {
    const found = id ? await findSandboxObject<SandboxCardPayment>(db, P, 'payment', id) : undefined;
    return found?.data.status_detail === 'pending_challenge' ? found : undefined;
  };

  app.get(`${BASE}/complete.js`, async (_request, reply) => reply.type('application/javascript; charset=utf-8').send(COMPLETE_SCRIPT));

  app.post<{ Body: Record<string, unknown> | undefined }>(`${BASE}/challenge`, async (request, reply) => {
    const found = await challenged(paymentOf(request.body?.creq));
    if (!found) return html(reply, 404, 'Verificación no disponible', '<p>Esta verificación no existe o ya terminó.</p>');
    const payment = found.data;
    const body = `<p>Tu banco pide confirmar que eres tú antes de pagar con esta tarjeta.</p>
${facts([['Comercio', 'Boletos'], ['Importe', money(Math.round((payment.transaction_amount ?? 0) * 100))], ['Tarjeta', `Visa •••• ${payment.card.last_four_digits}`]])}
${actionButton(`${BASE}/${found.id}/authenticate`, 'Autenticar')}
${actionButton(`${BASE}/${found.id}/fail`, 'No autenticar', 'secondary')}`;
    return html(reply, 200, 'Verificación 3-D Secure', body);
  });

  for (const answer of ['authenticate', 'fail'] as const) {
    app.post<{ Params: { id: string } }>(`${BASE}/:id/${answer}`, async (request, reply) => {
      const found = await challenged(request.params.id);
      if (!found) return html(reply, 404, 'Verificación no disponible', '<p>Esta verificación no existe o ya terminó.</p>');
      const [status, detail] = answer === 'authenticate' ? holderOutcome(found.data.card.cardholder.name) : ['rejected', 'cc_rejected_3ds_challenge'];
      const paid = found.data.transaction_amount ?? 0;
      const next: SandboxCardPayment = {
        ...found.data, status, status_detail: detail, three_ds_info: null, date_last_updated: now(), date_approved: status === 'approved' ? now() : null,
        transaction_details: { ...found.data.transaction_details, net_received_amount: status === 'approved' ? paid : 0 },
      };
      if (await moveSandboxObject(db, P, 'payment', found.id, ['pending'], { status, data: next }, now())) await notifyMercadoPagoPayment(rt, found.id, 'payment.updated');
      const said = answer === 'authenticate' ? 'Verificación completada. Volviendo a la tienda…' : 'No se completó la verificación. Volviendo a la tienda…';
      return html(reply, 200, 'Verificación terminada', `<p class="status" role="status">${esc(said)}</p><script src="${BASE}/complete.js"></script>`);
    });
  }
}
