import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/cookie';
import type { WaitingRoomAdminResponse, WaitingRoomJoinRequest, WaitingRoomRateRequest, WaitingRoomStatusResponse } from '../../shared/api';
import { clientKeyOf } from '../../shared/node/client-key';
import type { AppContext } from '../context';
import { answers } from '../http/api-schemas';
import { errors } from '../http/app-error';
import { adminAccess, assertEventAllowed } from '../operators/admin-access';
import { limitedAs, rateLimited } from '../plugins/security';
import { findEntry, setAdmitRate } from '../repositories/waiting-room.repository';
import { verifyBotCheck } from '../services/bot-check.service';
import { joinRoom, roomStatus } from '../waiting-room/queue';
import { roomOf } from '../waiting-room/room-state';
import { BROWSER_COOKIE, browserIdOf, newBrowserCookie } from '../waiting-room/signing';
import { createWaitingRoomHub } from '../waiting-room/stream-hub';

const params = { type: 'object', properties: { url: { type: 'string', minLength: 1, maxLength: 120 } }, required: ['url'] };

/**
 * The waiting room (docs/waiting-room.md):
 * - `GET /api/waiting-room/{url}`: where this browser stands (its cookie), read again when the page comes back to view;
 * - `POST /api/waiting-room/{url}/join`: takes a place (bot-checked; sets the browser's signed HttpOnly cookie);
 * - `GET /api/waiting-room/{url}/stream`: the same answers as server-sent events (`event: status`), at most one per 10 s, until admitted;
 * - `PUT /api/admin/events/{url}/waiting-room`: the rate changed live (`events.write`).
 */
export async function waitingRoomRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const hub = createWaitingRoomHub(ctx, app.log);
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
    hub.close();
  });
  const browserOf = (request: FastifyRequest) => browserIdOf(ctx.config.signingSecret, request.cookies?.[BROWSER_COOKIE]);
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  app.get<{ Params: { url: string }; Reply: WaitingRoomStatusResponse }>(
    '/api/waiting-room/:url',
    { schema: { params, response: answers('waiting-room-status') }, config: limitedAs(ctx.config, 'read') },
    async (request, reply) => {
      noStore(reply);
      return roomStatus(ctx, await roomOf(ctx, request.params.url), browserOf(request));
    },
  );

  app.post<{ Params: { url: string }; Body: WaitingRoomJoinRequest; Reply: WaitingRoomStatusResponse }>(
    '/api/waiting-room/:url/join',
    { schema: { params, body: { $ref: 'api/waiting-room-join.request#' }, response: answers('waiting-room-status') }, config: rateLimited },
    async (request, reply) => {
      noStore(reply);
      let browserId = browserOf(request);
      if (!browserId) {
        const made = newBrowserCookie(ctx.config.signingSecret);
        browserId = made.browserId;
        reply.setCookie(BROWSER_COOKIE, made.cookie, { httpOnly: true, secure: (ctx.config.publicUrl ?? '').startsWith('https:'), sameSite: 'lax', path: '/api', maxAge: 7 * 24 * 3600 });
      }
      return joinRoom(ctx, request.params.url, { browserId, clientKey: clientKeyOf(request.ip) }, () => verifyBotCheck(ctx, request.body.token, 'waiting_room', request));
    },
  );

  app.get<{ Params: { url: string } }>('/api/waiting-room/:url/stream', { schema: { params }, config: { ...rateLimited, ownSecurityHeaders: true } }, async (request, reply) => {
    const view = await roomOf(ctx, request.params.url);
    const browserId = browserOf(request);
    const entry = view?.on && browserId ? await findEntry(ctx.db.kysely, view.row.event_id, browserId) : undefined;
    const first = await roomStatus(ctx, view, browserId, entry);
    reply.hijack();
    const raw = reply.raw;
    // Every header given here at once (none set before: `ownSecurityHeaders`), so the response keeps no
    // table of them; and sent on their own, so the header text Node keeps for the stream's whole life is
    // one flat string, not the pieces it was built from (together ≈ 2.5 KB less a waiting browser).
    raw.writeHead(200, { ...request.securityHeaders(), 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', 'x-accel-buffering': 'no', connection: 'keep-alive' });
    raw.flushHeaders();
    const send = (status: WaitingRoomStatusResponse) => raw.write(`event: status\ndata: ${JSON.stringify(status)}\n\n`);
    // Reconnect after 10 s (a phone that slept, a dropped connection).
    raw.write('retry: 10000\n\n');
    send(first);
    if (!entry || (first.estado !== 'esperando' && first.estado !== 'sorteo')) {
      raw.end();
      return;
    }
    let remove = () => {};
    const end = () => {
      if (!open.delete(end)) return;
      remove();
      raw.end();
    };
    open.add(end);
    remove = hub.add(request.params.url, entry, first, send, end);
    request.raw.once('close', end);
  });

  app.put<{ Params: { url: string }; Body: WaitingRoomRateRequest; Reply: WaitingRoomAdminResponse }>(
    '/api/admin/events/:url/waiting-room',
    { ...adminAccess(ctx, 'events.write'), schema: { params, body: { $ref: 'api/admin-waiting-room.request#' }, response: answers('admin-waiting-room') } },
    async (request) => {
      assertEventAllowed(request, request.params.url);
      // A fresh read first writes the admissions due at the old rate; the new one counts on from there.
      const before = await roomOf(ctx, request.params.url, { fresh: true });
      if (!before) throw errors.waitingRoomOff();
      await setAdmitRate(ctx.db.kysely, before.row.event_id, request.body.admit_per_minute, ctx.now().toISOString());
      const { row } = (await roomOf(ctx, request.params.url, { fresh: true }))!;
      return { mode: row.mode, admit_per_minute: row.admit_per_minute, places: row.next_seq, admitted: row.admitted_up_to };
    },
  );
}
