import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientKeyOf } from '../../src/shared/node/client-key';
import { sameSecret } from '../../src/shared/node/same-secret';
import { limitEveryRoute } from '../http/limits';
import type { SandboxRuntime } from '../runtime';
import { findSandboxToken } from './repository';
import { objectInfoJson } from './object-info';
import {
  changeStatus, createToken, DEFAULT_TOKEN_MINUTES, eventStates, extendToken, HELD, liveToken, SeatSandboxError, statusOf,
} from './state';
import { sandboxVenue } from './venue';

/** What the seat sandbox keeps per client, as the server's purchases do (its chart routes answer anyone). */
export interface SeatLimits {
  /** Live hold tokens one client may have at once (each chart session starts one). */
  maxLiveTokensPerClient: number;
  /** The places one client's tokens may hold in an event at once; undefined: no cap. */
  maxPlacesPerClient: (eventKey: string) => Promise<number | undefined>;
}

const chartScript = readFileSync(new URL('./browser/chart.js', import.meta.url), 'utf8');

const label = { type: 'string', minLength: 1, maxLength: 64 } as const;
const objectsSchema = {
  type: 'array', minItems: 1, maxItems: 100,
  items: {
    anyOf: [
      label,
      { type: 'object', required: ['objectId'], properties: { objectId: label, quantity: { type: 'integer', minimum: 1, maximum: 1000 } } },
    ],
  },
} as const;
const token = { type: 'string', minLength: 1, maxLength: 64 } as const;
const eventKeyParam = { type: 'object', properties: { eventKey: { type: 'string', maxLength: 120 }, workspaceKey: { type: 'string', maxLength: 120 } } } as const;

type ObjectsBody = { objects: (string | { objectId: string; quantity?: number })[]; holdToken?: string | null };
const normalise = (objects: ObjectsBody['objects']) => objects.map((o) => (typeof o === 'string' ? { objectId: o } : o));

/**
 * The stand-in seat provider (seats.io). Its REST API (`/sandbox/seatsio/api`, basic auth with the sandbox secret key) has
 * seats.io's paths and shapes for what the official `seatsio` client calls: hold tokens, object
 * infos, change-object-status (hold, book, custom status, release), the by-category summary.
 * The chart script and the public endpoints it polls and holds through take the workspace key
 * in the path, as seats.io's browser API does. State lives in the database.
 * They answer anyone, so they keep a purchase's per-client limits: every route is rate limited,
 * a client's live tokens are capped, and the places its tokens hold in an event stop at the
 * cap it is given (the event's per-client unit cap, in the demo). Expired tokens are purged by the
 * sandbox's timer (`index.ts`).
 */
export async function seatsSandboxRoutes(app: FastifyInstance, { rt, limits }: { rt: SandboxRuntime; limits: SeatLimits }) {
  const secret = rt.credentials.seats.secretKey;
  const now = () => rt.now();

  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof SeatSandboxError) {
      return reply.code(error.status).send({ errors: [{ code: error.code, message: error.message }], messages: [error.message], status: error.status });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 429) return reply.code(429).send({ errors: [{ code: 'RATE_LIMITED', message: 'Too many requests' }], messages: ['Too many requests'], status });
    return reply.code(status < 500 ? status : 500).send({ errors: [{ code: 'BAD_REQUEST', message: status < 500 ? (error as Error).message : 'Internal error' }], messages: [], status });
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const hasSecret = (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const user = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')[0] : '';
    return sameSecret(user, secret);
  };
  const authorised = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!hasSecret(request)) return reply.code(401).send({ errors: [{ code: 'UNAUTHORIZED', message: 'Invalid secret key' }], messages: [], status: 401 });
  };
  // Every route per client; this server's own calls (the secret key) are not counted: they act for purchases, which count already.
  limitEveryRoute(app, rt.limits, hasSecret);

  app.get('/sandbox/seatsio/chart.js', async (_request, reply) => reply.type('application/javascript; charset=utf-8').send(chartScript));

  const tokenJson = (row: { token: string; expires_at: string; workspace_key: string }) => ({
    holdToken: row.token,
    expiresAt: row.expires_at,
    expiresInSeconds: Math.max(0, Math.round((new Date(row.expires_at).getTime() - now().getTime()) / 1000)),
    workspaceKey: row.workspace_key,
  });

  // ── REST API (server, secret key) ──
  await app.register(async (api) => {
    api.addHook('preHandler', authorised);
    const minutes = { type: 'object', additionalProperties: false, properties: { expiresInMinutes: { type: 'integer', minimum: 0, maximum: 1000 } } } as const;
    api.post<{ Body: { expiresInMinutes?: number } }>('/hold-tokens', { schema: { body: minutes } }, async (request) =>
      tokenJson(await createToken(rt.store, 'sandbox', request.body?.expiresInMinutes ?? DEFAULT_TOKEN_MINUTES, now())));
    api.get<{ Params: { token: string } }>('/hold-tokens/:token', async (request) => tokenJson(await liveToken(rt.store, request.params.token, now())));
    api.post<{ Params: { token: string }; Body: { expiresInMinutes: number } }>(
      '/hold-tokens/:token',
      { schema: { body: { ...minutes, required: ['expiresInMinutes'] } } },
      async (request) => tokenJson(await extendToken(rt.store, request.params.token, request.body.expiresInMinutes, now())),
    );
    api.get<{ Params: { eventKey: string }; Querystring: { label?: string | string[] } }>(
      '/events/:eventKey/objects',
      { schema: { params: eventKeyParam, querystring: { type: 'object', properties: { label: { anyOf: [label, { type: 'array', maxItems: 100, items: label }] } } } } },
      async (request) => {
        const labels = [request.query.label ?? []].flat();
        const states = await eventStates(rt.store, request.params.eventKey, now().toISOString(), labels);
        if (states.length !== labels.length) throw new SeatSandboxError(404, 'OBJECT_NOT_FOUND', `Object ${labels.find((l) => !states.some((s) => s.object.label === l))} not found`);
        return Object.fromEntries(states.map((s) => [s.object.label, objectInfoJson(s)]));
      },
    );
    api.post<{ Body: ObjectsBody & { type?: string; status?: string; orderId?: string; events: string[] } }>(
      '/events/groups/actions/change-object-status',
      {
        schema: {
          body: {
            type: 'object', required: ['objects', 'events'],
            properties: {
              objects: objectsSchema, events: { type: 'array', minItems: 1, maxItems: 1, items: { type: 'string', maxLength: 120 } },
              type: { enum: ['CHANGE_STATUS_TO', 'RELEASE'] }, status: { type: 'string', minLength: 1, maxLength: 64 },
              holdToken: token, orderId: { type: 'string', maxLength: 100 },
            },
          },
        },
      },
      async (request) => {
        const { body } = request;
        const status = body.type === 'RELEASE' ? null : body.status;
        if (status === undefined) throw new SeatSandboxError(400, 'STATUS_REQUIRED', 'status is required');
        const states = await changeStatus(rt.store, { eventKey: body.events[0], objects: normalise(body.objects), status, holdToken: body.holdToken ?? null, orderId: body.orderId ?? null }, now());
        return { objects: Object.fromEntries(states.map((s) => [s.object.label, objectInfoJson(s)])) };
      },
    );
    api.get<{ Params: { eventKey: string } }>('/reports/events/:eventKey/byCategoryKey/summary', { schema: { params: eventKeyParam } }, async (request) => {
      const states = await eventStates(rt.store, request.params.eventKey, now().toISOString());
      const summary: Record<string, { count: number; byStatus: Record<string, number> }> = {};
      for (const state of states) {
        const entry = (summary[state.object.categoryKey] ??= { count: 0, byStatus: {} });
        entry.count += state.object.capacity;
        const status = statusOf(state);
        entry.byStatus[status] = (entry.byStatus[status] ?? 0) + 1;
      }
      return summary;
    });
  }, { prefix: '/sandbox/seatsio/api' });

  // ── Public API (the chart in the buyer's browser, workspace key) ──
  await app.register(async (api) => {
    api.post<{ Params: { workspaceKey: string } }>('/:workspaceKey/hold-tokens', { schema: { params: eventKeyParam } }, async (request) =>
      tokenJson(await createToken(rt.store, request.params.workspaceKey, DEFAULT_TOKEN_MINUTES, now(), { key: clientKeyOf(request.ip), maxLiveTokens: limits.maxLiveTokensPerClient })));
    api.get<{ Params: { workspaceKey: string; eventKey: string }; Querystring: { holdToken?: string } }>(
      '/:workspaceKey/events/:eventKey/objects',
      { schema: { params: eventKeyParam, querystring: { type: 'object', properties: { holdToken: token } } } },
      async (request) => {
        const states = await eventStates(rt.store, request.params.eventKey, now().toISOString());
        const mine = request.query.holdToken;
        const token = mine ? await findSandboxToken(rt.db, mine) : undefined;
        const live = token && token.expires_at > now().toISOString();
        // Another buyer's token is never shown: only whether a place is yours (and when your own token ends).
        return {
          ...(mine ? { holdToken: live ? { expiresAt: token.expires_at } : null } : {}),
          objects: states.map((s) => ({
            label: s.object.label,
            status: statusOf(s),
            numFree: s.numFree,
            heldByYou: mine ? s.holds[mine] ?? 0 : 0,
          })),
        };
      },
    );
    api.get('/:workspaceKey/venue', { schema: { params: eventKeyParam } }, async () => sandboxVenue);
    for (const action of ['hold-objects', 'release-objects'] as const) {
      api.post<{ Params: { workspaceKey: string; eventKey: string }; Body: ObjectsBody }>(
        `/:workspaceKey/events/:eventKey/actions/${action}`,
        { schema: { params: eventKeyParam, body: { type: 'object', additionalProperties: false, required: ['objects', 'holdToken'], properties: { objects: objectsSchema, holdToken: token } } } },
        async (request) => {
          const objects = normalise(request.body.objects);
          const { eventKey } = request.params;
          // A client's holds, across its tokens, stop at the event's per-client unit cap, as its purchases do.
          const maxPlacesPerClient = action === 'hold-objects' ? await limits.maxPlacesPerClient(eventKey) : undefined;
          const states = await changeStatus(rt.store, { eventKey, objects, status: action === 'hold-objects' ? HELD : null, holdToken: request.body.holdToken!, orderId: null, onlyHeld: true, maxPlacesPerClient }, now());
          return { objects: states.map((s) => ({ label: s.object.label, status: statusOf(s), numFree: s.numFree, heldByYou: s.holds[request.body.holdToken!] ?? 0 })) };
        },
      );
    }
  }, { prefix: '/sandbox/seatsio/api/public' });
}

