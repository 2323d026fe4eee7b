import type { FastifyInstance } from 'fastify';
import type { CheckinReportResponse, CreateCheckinDeviceRequest, CreateCheckinDeviceResponse } from '../../shared/api';
import { createCheckinDevice, eventWithLists } from '../checkin/devices';
import { checkinReport } from '../checkin/report';
import type { AppContext } from '../context';
import { answers } from '../http/api-schemas';
import { errors } from '../http/app-error';
import { publicOrigin } from '../http/public-origin';
import { adminAccess, assertEventAllowed } from '../operators/admin-access';
import { revokeCheckinDevice } from '../repositories/checkin-device.repository';

/**
 * The organiser's door routes (permission `door`): pair a scanner
 * (`POST …/checkin-devices`), revoke one (`DELETE …/checkin-devices/{id}`), and the door's counts (`GET …/checkin`).
 */
export async function adminCheckinRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const admin = adminAccess(ctx, 'door');
  const url = { type: 'string', minLength: 1, maxLength: 80 };
  app.post<{ Params: { url: string }; Body: CreateCheckinDeviceRequest; Reply: CreateCheckinDeviceResponse }>(
    '/api/admin/events/:url/checkin-devices',
    { ...admin, schema: { params: { type: 'object', properties: { url }, required: ['url'] }, body: { $ref: 'api/checkin-device.request#' }, response: answers('checkin-device', 201) } },
    async (request, reply) => {
      assertEventAllowed(request, request.params.url);
      return reply.status(201).send(await createCheckinDevice(ctx, request.params.url, request.body, publicOrigin(ctx.config, app)));
    },
  );
  app.delete<{ Params: { url: string; deviceId: string } }>(
    '/api/admin/events/:url/checkin-devices/:deviceId',
    { ...admin, schema: { params: { type: 'object', properties: { url, deviceId: { type: 'string', minLength: 1, maxLength: 64 } }, required: ['url', 'deviceId'] }, response: { 204: { type: 'null' } } } },
    async (request, reply) => {
      assertEventAllowed(request, request.params.url);
      const { event } = await eventWithLists(ctx, request.params.url);
      if (!(await revokeCheckinDevice(ctx.db.kysely, event.id, request.params.deviceId, ctx.now().toISOString()))) throw errors.checkinDeviceNotFound();
      return reply.status(204).send();
    },
  );
  app.get<{ Params: { url: string }; Reply: CheckinReportResponse }>(
    '/api/admin/events/:url/checkin',
    { ...admin, schema: { params: { type: 'object', properties: { url }, required: ['url'] }, response: answers('checkin-report') } },
    async (request) => {
      assertEventAllowed(request, request.params.url);
      return checkinReport(ctx, request.params.url);
    },
  );
}
