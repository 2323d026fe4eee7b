import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { errors } from '../http/app-error';
import { publicOrigin } from '../http/public-origin';
import { limitedAs } from '../plugins/security';
import { eventCalendarOf } from '../fulfilment/event-calendar';
import { findEventByUrl } from '../repositories/event.repository';

/**
 * GET /api/event/{url}/calendar.ics: the event's calendar file, the thank-you page's "Add to
 * calendar". Per event, not per purchase: it carries only what the event page shows (name,
 * date, venue, link), so it needs no key and a buyer may share it. 404 `EVENT_DATE_UNKNOWN`
 * while the event file has no `starts_at`.
 */
export async function eventCalendarRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get<{ Params: { url: string } }>(
    '/api/event/:url/calendar.ics',
    { schema: { params: { type: 'object', properties: { url: { type: 'string', maxLength: 120 } }, required: ['url'] } }, config: limitedAs(ctx.config, 'read') },
    async (request, reply) => {
      const event = await findEventByUrl(ctx.db.kysely, request.params.url);
      if (!event) throw errors.eventNotFound();
      const calendar = eventCalendarOf(event, publicOrigin(ctx.config, app));
      if (!calendar) throw errors.eventDateUnknown();
      return reply
        .header('content-type', 'text/calendar; charset=utf-8; method=PUBLISH')
        .header('content-disposition', `attachment; filename="${event.url.replace(/[^A-Za-z0-9_-]/g, '_')}.ics"`)
        // A re-import may move the date: always revalidate.
        .header('cache-control', 'no-cache')
        .send(calendar);
    },
  );
}
