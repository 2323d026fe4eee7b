import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AttendeeListQuery, AttendeeListResponse } from '../../shared/api';
import { messageLanguage } from '../../shared/accept-language';
import type { AppContext } from '../context';
import { attendeeListResponse } from '../exports/attendee-list';
import { attendeeEvent, readAttendeeRows } from '../exports/attendee-rows';
import { attendeeColumns, exportWords } from '../exports/columns';
import { writeAttendeeCsv } from '../exports/csv-writer';
import { writeAttendeeXlsx } from '../exports/xlsx-writer';
import { answers } from '../http/api-schemas';
import { adminAccess } from '../operators/admin-access';
import type { AttendeeFilters } from '../repositories/attendee.repository';

/** Rows read a batch at a time by the CSV and XLSX downloads. */
export const EXPORT_BATCH = 1000;
/** Rows a page of the list holds unless `limit` (1–200, the query's pattern) says otherwise. */
const LIST_LIMIT = 50;

const params = { type: 'object', properties: { url: { type: 'string', minLength: 1, maxLength: 80 } }, required: ['url'] } as const;
const filterProperties = {
  q: { type: 'string', minLength: 1, maxLength: 100 },
  status: { type: 'string', enum: ['valid', 'revoked', 'all'] },
  ticket_type: { type: 'string', pattern: '^[0-9]{1,9}$' },
} as const;
const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { ...filterProperties, cursor: { type: 'string', pattern: '^[0-9]{1,15}$' }, limit: { type: 'string', pattern: '^(?:[1-9]|[1-9][0-9]|1[0-9][0-9]|200)$' } },
} as const;
const fileQuery = { type: 'object', additionalProperties: false, properties: filterProperties } as const;

type Filtered = { Params: { url: string }; Querystring: Omit<AttendeeListQuery, 'cursor' | 'limit'> };

const filtersOf = (query: Omit<AttendeeListQuery, 'cursor' | 'limit'>): AttendeeFilters => ({ text: query.q?.trim() || null, status: query.status ?? 'valid', ticketType: query.ticket_type === undefined ? null : Number(query.ticket_type) });

/**
 * The operators' attendee list of an event and its downloads: `GET /api/admin/events/{url}/attendees` (a page,
 * `orders.read`) and `…/attendees.csv` / `…/attendees.xlsx` (every row, `exports`), streamed in keyset batches.
 */
export async function adminAttendeeRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.get<{ Params: { url: string }; Querystring: AttendeeListQuery; Reply: AttendeeListResponse }>(
    '/api/admin/events/:url/attendees',
    { ...adminAccess(ctx, 'orders.read'), schema: { params, querystring: listQuery, response: answers('admin-attendees') } },
    async (request) => {
      const { event, types } = await attendeeEvent(ctx, request, request.params.url);
      const page = await readAttendeeRows(ctx.db.kysely, event.id, filtersOf(request.query), Number(request.query.cursor ?? 0), Number(request.query.limit ?? LIST_LIMIT));
      return attendeeListResponse(page, attendeeColumns(types, messageLanguage(request.headers['accept-language'])));
    },
  );

  const download = (kind: 'csv' | 'xlsx') => async (request: FastifyRequest<Filtered>, reply: FastifyReply) => {
    const { event, types } = await attendeeEvent(ctx, request, request.params.url);
    const language = messageLanguage(request.headers['accept-language']);
    const columns = attendeeColumns(types, language);
    const filters = filtersOf(request.query);
    const read = (after: number) => readAttendeeRows(ctx.db.kysely, event.id, filters, after, EXPORT_BATCH);
    const out = new PassThrough();
    const writing = kind === 'csv' ? writeAttendeeCsv(read, columns, out) : writeAttendeeXlsx(read, columns, out, exportWords[language].sheet);
    // Once the answer has started, a failure can only cut the download short: it is logged and the stream destroyed.
    writing.catch((error: unknown) => {
      request.log.error({ err: error, event: event.url }, 'attendee export failed');
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    const date = ctx.now().toISOString().slice(0, 10);
    return reply
      .header('content-type', kind === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${event.url}-asistentes-${date}.${kind}"`)
      .header('cache-control', 'no-store')
      .send(out);
  };
  app.get<Filtered>('/api/admin/events/:url/attendees.csv', { ...adminAccess(ctx, 'exports'), schema: { params, querystring: fileQuery } }, download('csv'));
  app.get<Filtered>('/api/admin/events/:url/attendees.xlsx', { ...adminAccess(ctx, 'exports'), schema: { params, querystring: fileQuery } }, download('xlsx'));
}
