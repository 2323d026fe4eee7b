import type { FastifyInstance } from 'fastify';
import type {
  AdminEventListResponse,
  CreateEventRequest,
  EventDiffResponse,
  EventVersionListResponse,
  EventVersionResponse,
  ImportEventResponse,
  RollbackEventRequest,
} from '../../shared/api';
import { messageLanguage } from '../../shared/accept-language';
import type { AppContext } from '../context';
import { answers } from '../http/api-schemas';
import { adminAccess, adminActorOf, allowedEventUrls, assertEventAllowed, assertMayCreateEvent } from '../operators/admin-access';
import { eventFileSchemaBundle } from '../services/event-schema-bundle';
import { consoleEventList } from '../services/event-list.service';
import { createEventFromStarter, eventDiff, eventVersion, eventVersions, rollbackEvent, versionAuthorOf } from '../services/event-versions.service';

const url = { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', maxLength: 80 };
const versionNumber = { type: 'string', pattern: '^[1-9]\\d{0,8}$' };
const params = (extra: Record<string, unknown> = {}) => ({ type: 'object', properties: { url, ...extra }, required: ['url', ...Object.keys(extra)] });

/**
 * The console's events (docs/operators.md, "Events and versions"): the list with its figures, the stored file
 * of each version, a diff of two, a roll back, a new event from the starter, and the event file's schema for
 * the editor. Saving an edited file is the import, `PUT /api/admin/events/{url}` (`admin.routes.ts`).
 */
export async function adminEventRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get<{ Reply: AdminEventListResponse }>(
    '/api/admin/events',
    { ...adminAccess(ctx, 'events.read'), schema: { response: answers('admin-events') } },
    async (request) => consoleEventList(ctx, allowedEventUrls(request)),
  );

  app.post<{ Body: CreateEventRequest; Reply: ImportEventResponse }>(
    '/api/admin/events',
    { ...adminAccess(ctx, 'events.write'), schema: { body: { $ref: 'api/admin-event-create.request#' }, response: answers('admin-import', 201) } },
    async (request, reply) => {
      assertMayCreateEvent(request, request.body.url);
      const created = await createEventFromStarter(ctx, request.body.url, request.body.name, versionAuthorOf(adminActorOf(request)));
      return reply.status(201).send(created);
    },
  );

  // The stored current file itself (no envelope): what the editor loads, and with ?download=1 the file to keep.
  app.get<{ Params: { url: string }; Querystring: { download?: string } }>(
    '/api/admin/events/:url/file',
    { ...adminAccess(ctx, 'events.read'), schema: { params: params(), querystring: { type: 'object', additionalProperties: false, properties: { download: { enum: ['0', '1'] } } } } },
    async (request, reply) => {
      assertEventAllowed(request, request.params.url);
      const current = await eventVersion(ctx, request.params.url);
      if (request.query.download === '1') reply.header('content-disposition', `attachment; filename="${request.params.url}.json"`);
      return reply.header('cache-control', 'no-store').header('x-event-version', String(current.version)).type('application/json; charset=utf-8').send(current.text);
    },
  );

  app.get<{ Params: { url: string }; Reply: EventVersionListResponse }>(
    '/api/admin/events/:url/versions',
    { ...adminAccess(ctx, 'events.read'), schema: { params: params(), response: answers('admin-event-versions') } },
    async (request) => {
      assertEventAllowed(request, request.params.url);
      return eventVersions(ctx, request.params.url);
    },
  );

  app.get<{ Params: { url: string; version: string }; Reply: EventVersionResponse }>(
    '/api/admin/events/:url/versions/:version',
    { ...adminAccess(ctx, 'events.read'), schema: { params: params({ version: versionNumber }), response: answers('admin-event-version') } },
    async (request) => {
      assertEventAllowed(request, request.params.url);
      const { text: _text, ...version } = await eventVersion(ctx, request.params.url, Number(request.params.version));
      return version;
    },
  );

  app.get<{ Params: { url: string }; Querystring: { from: string; to: string }; Reply: EventDiffResponse }>(
    '/api/admin/events/:url/diff',
    {
      ...adminAccess(ctx, 'events.read'),
      schema: {
        params: params(),
        querystring: { type: 'object', additionalProperties: false, properties: { from: versionNumber, to: versionNumber }, required: ['from', 'to'] },
        response: answers('admin-event-diff'),
      },
    },
    async (request) => {
      assertEventAllowed(request, request.params.url);
      return eventDiff(ctx, request.params.url, Number(request.query.from), Number(request.query.to));
    },
  );

  app.post<{ Params: { url: string }; Body: RollbackEventRequest; Reply: ImportEventResponse }>(
    '/api/admin/events/:url/rollback',
    { ...adminAccess(ctx, 'events.write'), schema: { params: params(), body: { $ref: 'api/admin-event-rollback.request#' }, response: answers('admin-import') } },
    async (request) => {
      assertEventAllowed(request, request.params.url);
      return rollbackEvent(ctx, request.params.url, request.body.version, versionAuthorOf(adminActorOf(request)), messageLanguage(request.headers['accept-language']));
    },
  );

  app.get(
    '/api/admin/event-schema',
    { ...adminAccess(ctx, 'events.read'), schema: { response: answers('admin-event-schema') } },
    async (_request, reply) => reply.header('cache-control', 'no-store').send(eventFileSchemaBundle()),
  );
}
