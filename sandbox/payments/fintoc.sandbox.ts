import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findSandboxObject, insertSandboxObject, insertSandboxObjectOnce, moveSandboxObject } from './objects.repository';
import type { FintocSession } from '../../src/shared/provider-wire';
import type { SandboxRuntime } from '../runtime';
import { signFintoc } from '../../src/shared/node/webhook-signatures';
import { sandboxApi } from './api-errors';
import { deliverWebhook } from './deliver';
import { fintocError, fintocFailure } from './error-formats';
import { actionButton, esc, facts, money, page } from './html';

const P = 'fintoc';
const BANKS = ['BBVA México', 'Banorte', 'Santander México', 'Banamex', 'HSBC México'];

interface StoredSession extends FintocSession {
  object: 'checkout_session';
  mode: 'test';
  success_url?: string;
  cancel_url?: string;
  customer_email?: string;
  created_at: string;
  expires_at: string;
}

function fintocId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

/**
 * The Fintoc sandbox: checkout sessions (create, get), refunds, and the bank widget
 * page (approve / fail / cancel). State changes are delivered as `checkout_session.finished`
 * or `checkout_session.expired` events signed with Fintoc-Signature.
 */
export async function fintocSandbox(app: FastifyInstance, { rt }: { rt: SandboxRuntime }) {
  sandboxApi(app, '/sandbox/fintoc/api', fintocFailure);
  const db = rt.db;
  const creds = rt.credentials.fintoc;
  const now = () => rt.now().toISOString();
  const pages = `${rt.publicUrl ?? ''}/sandbox/fintoc`;
  const authorised = (request: FastifyRequest) => request.headers.authorization === creds.secretKey;

  async function notify(type: string, data: unknown) {
    const body = JSON.stringify({ id: fintocId('evt'), object: 'event', type, mode: 'test', created_at: now(), data });
    const t = String(Math.floor(rt.now().getTime() / 1000));
    await deliverWebhook(rt, P, { headers: { 'fintoc-signature': signFintoc(creds.webhookSecret, body, t) }, body });
  }

  async function moveSession(session: StoredSession, from: string[], patch: Partial<StoredSession>): Promise<StoredSession | undefined> {
    const next = { ...session, ...patch };
    return (await moveSandboxObject(db, P, 'session', session.id, from, { status: next.status, data: next }, now())) ? next : undefined;
  }

  // ---- REST API (what api.fintoc.com answers) ----
  app.post<{ Body: Record<string, unknown> }>('/sandbox/fintoc/api/v1/checkout_sessions', async (request, reply) => {
    if (!authorised(request)) return fintocError(reply, 401, 'invalid_api_key', 'Invalid API Key');
    const body = request.body ?? {};
    for (const param of ['amount', 'currency']) {
      if (body[param] === undefined) return fintocError(reply, 400, 'missing_parameter', `Missing required param: ${param}`, param);
    }
    if (!Number.isInteger(body.amount) || (body.amount as number) <= 0) return fintocError(reply, 400, 'invalid_parameter', 'Invalid param: amount must be a positive integer', 'amount');
    if (typeof body.currency !== 'string') return fintocError(reply, 400, 'invalid_parameter', 'Invalid param: currency', 'currency');
    const id = fintocId('cs');
    const key = request.headers['idempotency-key'];
    if (typeof key === 'string') {
      const first = await insertSandboxObjectOnce(db, P, 'idempotency', { id: `session:${key}`, status: 'used', data: { id } }, now());
      const existing = await findSandboxObject<StoredSession>(db, P, 'session', first.data.id);
      if (existing) return reply.status(201).send(existing.data);
    }
    const session: StoredSession = {
      id, object: 'checkout_session', mode: 'test', status: 'created', amount: body.amount as number, currency: body.currency,
      redirect_url: `${pages}/widget/${id}`, session_token: `${id}_sec_${randomBytes(16).toString('hex')}`,
      success_url: body.success_url as string | undefined, cancel_url: body.cancel_url as string | undefined,
      customer_email: body.customer_email as string | undefined, metadata: (body.metadata as Record<string, string>) ?? {},
      payment_resource: null, created_at: now(), expires_at: new Date(rt.now().getTime() + 3_600_000).toISOString(),
    };
    await insertSandboxObject(db, P, 'session', { id, status: 'created', data: session }, now());
    return reply.status(201).send(session);
  });

  app.get<{ Params: { id: string } }>('/sandbox/fintoc/api/v1/checkout_sessions/:id', async (request, reply) => {
    if (!authorised(request)) return fintocError(reply, 401, 'invalid_api_key', 'Invalid API Key');
    const found = await findSandboxObject<StoredSession>(db, P, 'session', request.params.id);
    if (!found) return fintocError(reply, 404, 'missing_resource', `No such checkout_session: ${request.params.id}`, 'id');
    return found.data;
  });

  app.post<{ Body: { resource_type?: string; resource_id?: string; amount?: number } }>('/sandbox/fintoc/api/v1/refunds', async (request, reply) => {
    if (!authorised(request)) return fintocError(reply, 401, 'invalid_api_key', 'Invalid API Key');
    const key = String(request.headers['idempotency-key'] ?? fintocId('idem'));
    const done = await findSandboxObject<{ id: string }>(db, P, 'refund', key);
    if (done) return reply.status(201).send(done.data);
    const { resource_type: type, resource_id: intentId, amount } = request.body ?? {};
    const link = intentId ? await findSandboxObject<{ session_id: string }>(db, P, 'intent', intentId) : undefined;
    const session = link && (await findSandboxObject<StoredSession>(db, P, 'session', link.data.session_id));
    if (type !== 'payment_intent' || !session) return fintocError(reply, 404, 'missing_resource', `No such payment_intent: ${intentId ?? ''}`, 'resource_id');
    const intent = session.data.payment_resource?.payment_intent;
    if (intent?.status !== 'succeeded') return fintocError(reply, 400, 'invalid_status', 'Only succeeded payments can be refunded', 'resource_id');
    if (amount !== undefined && (amount <= 0 || amount > (intent.amount ?? 0))) return fintocError(reply, 400, 'invalid_amount', 'Refund amount exceeds the payment', 'amount');
    const refund = { id: fintocId('ref'), object: 'refund', amount: amount ?? intent.amount, currency: intent.currency, resource_id: intent.id, resource_type: 'payment_intent', status: 'pending', mode: 'test', created_at: now() };
    await insertSandboxObject(db, P, 'refund', { id: key, status: 'pending', data: refund }, now());
    return reply.status(201).send(refund);
  });

  // ---- Bank widget (what the buyer sees) ----
  app.get<{ Params: { id: string } }>('/sandbox/fintoc/widget/:id', async (request, reply) => {
    reply.type('text/html; charset=utf-8');
    const found = await findSandboxObject<StoredSession>(db, P, 'session', request.params.id);
    if (!found) return reply.status(404).send(page({ provider: 'Fintoc', accent: '#0a2fff', title: 'Sesión no encontrada', body: '<p>Esta sesión de pago no existe.</p>' }));
    const session = found.data;
    const intent = session.payment_resource?.payment_intent;
    const outcome = intent?.status === 'succeeded' ? 'Pago aprobado por tu banco.' : intent ? 'Tu banco rechazó el pago.' : session.status === 'expired' ? 'Cancelaste este pago.' : '';
    const back = intent?.status === 'succeeded' ? session.success_url : session.cancel_url;
    const body = [
      facts([['Monto', money(session.amount ?? 0, session.currency ?? 'MXN')], ['Sesión', session.id]]),
      session.status === 'created'
        ? `<form method="post" action="${esc(`${pages}/widget/${session.id}/approve`)}"><label for="bank">Banco</label><select id="bank" name="bank">${BANKS.map((b) => `<option>${esc(b)}</option>`).join('')}</select><p>Autoriza la transferencia desde tu banco de prueba.</p><button type="submit" class="primary">Aprobar pago</button></form>${actionButton(`${pages}/widget/${session.id}/fail`, 'Simular pago rechazado', 'secondary')}${actionButton(`${pages}/widget/${session.id}/cancel`, 'Cancelar', 'secondary')}`
        : `<p class="status" role="status">${esc(outcome)}</p>${back ? `<p><a href="${esc(back)}">Volver a la tienda</a></p>` : ''}`,
    ].join('\n');
    return page({ provider: 'Fintoc', accent: '#0a2fff', title: 'Paga desde tu banco', body });
  });

  const finish = (outcome: 'succeeded' | 'failed') => async (request: FastifyRequest<{ Params: { id: string }; Body: { bank?: string } }>, reply: FastifyReply) => {
    const found = await findSandboxObject<StoredSession>(db, P, 'session', request.params.id);
    if (!found) return reply.status(404).type('text/html; charset=utf-8').send(page({ provider: 'Fintoc', accent: '#0a2fff', title: 'Sesión no encontrada', body: '<p>Esta sesión de pago no existe.</p>' }));
    const session = found.data;
    const intentId = fintocId('pi');
    const intent = { id: intentId, object: 'payment_intent', status: outcome, amount: session.amount, currency: session.currency, metadata: session.metadata, checkout_session: session.id, institution: request.body?.bank ?? BANKS[0] };
    const moved = await moveSession(session, ['created'], { status: 'finished', payment_resource: { payment_intent: intent } });
    if (moved) {
      await insertSandboxObject(db, P, 'intent', { id: intentId, status: outcome, data: { session_id: session.id } }, now());
      await notify('checkout_session.finished', moved);
    }
    const target = outcome === 'succeeded' ? session.success_url : session.cancel_url;
    return reply.redirect(target ?? `${pages}/widget/${session.id}`, 303);
  };
  app.post('/sandbox/fintoc/widget/:id/approve', finish('succeeded'));
  app.post('/sandbox/fintoc/widget/:id/fail', finish('failed'));

  app.post<{ Params: { id: string } }>('/sandbox/fintoc/widget/:id/cancel', async (request, reply) => {
    const found = await findSandboxObject<StoredSession>(db, P, 'session', request.params.id);
    if (!found) return reply.status(404).type('text/html; charset=utf-8').send(page({ provider: 'Fintoc', accent: '#0a2fff', title: 'Sesión no encontrada', body: '<p>Esta sesión de pago no existe.</p>' }));
    const moved = await moveSession(found.data, ['created'], { status: 'expired' });
    if (moved) await notify('checkout_session.expired', moved);
    return reply.redirect(found.data.cancel_url ?? `${pages}/widget/${found.id}`, 303);
  });
}
