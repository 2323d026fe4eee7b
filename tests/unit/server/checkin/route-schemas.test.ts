import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../../../src/server/config';
import type { AppContext } from '../../../../src/server/context';
import { apiSchemas } from '../../../../src/server/http/api-schemas';
import { sharedSchemaCompilers } from '../../../../src/server/http/schema-compilers';
import { adminCheckinRoutes } from '../../../../src/server/routes/admin-checkin.routes';
import { checkinRoutes } from '../../../../src/server/routes/checkin.routes';
import type { CheckinReportResponse, CheckinScansResponse, CheckinSearchResponse, CheckinSyncResponse, CheckinTicketView, CreateCheckinDeviceResponse } from '../../../../src/shared/api';

type Serialize = (value: unknown) => string;
const serializers = sharedSchemaCompilers.compilersFactory as unknown as {
  buildSerializer: (externals: unknown, options: unknown) => (route: { schema: unknown; method: string; url: string }) => Serialize;
};
const externals = Object.fromEntries(apiSchemas.map((schema) => [schema.$id, schema]));
/** What the server sends for `value` through a registered response schema (undeclared properties dropped). */
const sent = (ref: string, value: unknown) => JSON.parse(serializers.buildSerializer(externals, {})({ schema: { $ref: ref }, method: 'GET', url: '/x' })(value));

/** The response schemas the door's routes declare, by method, url and status; the routes' handlers never run. */
const declared = new Map<string, Record<string, unknown>>();
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ schemaController: sharedSchemaCompilers });
  for (const schema of apiSchemas) app.addSchema(schema);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') declared.set(`${method} ${route.url}`, (route.schema?.response ?? {}) as Record<string, unknown>);
  });
  const ctx = { config: readConfig({}, { adminToken: 'admin-token' }) } as AppContext;
  await app.register(checkinRoutes, { ctx });
  await app.register(adminCheckinRoutes, { ctx });
  await app.ready();
});
afterAll(() => app.close());

const ticket = (overrides: Partial<CheckinTicketView> = {}): CheckinTicketView => ({
  id: 't-1', folio: '000042', type: 1, type_name: 'General', seat: null, holder: 'Ana López', checked_in: true, legacy_code: null, ...overrides,
});

describe('door check-in routes declare their answers (schemas/api/checkin-*.response.json)', () => {
  it('each route names its success answer: the scanner’s three, pairing (201), revoking (204, no body) and the report', () => {
    expect(Object.fromEntries(declared)).toEqual({
      'GET /api/checkin/sync': { 200: { $ref: 'api/checkin-sync.response#' } },
      'POST /api/checkin/scans': { 200: { $ref: 'api/checkin-scans.response#' } },
      'GET /api/checkin/search': { 200: { $ref: 'api/checkin-search.response#' } },
      'POST /api/admin/events/:url/checkin-devices': { 201: { $ref: 'api/checkin-device.response#' } },
      'DELETE /api/admin/events/:url/checkin-devices/:deviceId': { 204: { type: 'null' } },
      'GET /api/admin/events/:url/checkin': { 200: { $ref: 'api/checkin-report.response#' } },
    });
  });

  it('every field of each answer reaches the wire, nulls included; an undeclared one does not', () => {
    const sync: CheckinSyncResponse = {
      device: { id: 'd-1', name: 'Puerta A' },
      list: { id: 'general', name: 'General', ticket_types: [1, 2], opens_at: null, closes_at: '2099-01-01T00:00:00.000Z', allow_reentry: true },
      keys: [{ key_id: 1, public_key: 'cHVibGlj' }],
      tickets: [ticket(), ticket({ id: 't-2', seat: 'A-1', checked_in: false, legacy_code: 'secret' })],
      revocations: [{ ticket_id: 't-3', reason: 'dispute_lost' }],
      cursor: 'eyJ0IjoiIn0',
      more: false,
    };
    expect(sent('api/checkin-sync.response#', sync)).toEqual(sync);
    const scans: CheckinScansResponse = {
      results: [
        { nonce: 'n-1', verdict: 'already_used', ticket: ticket(), first_entry: { at: '2026-01-01T20:00:00.000Z', device: 'Puerta B' } },
        { nonce: 'n-2', verdict: 'revoked', ticket: ticket({ checked_in: false }), revoked_reason: 'refunded' },
        { nonce: 'n-3', verdict: 'unknown' },
      ],
    };
    expect(sent('api/checkin-scans.response#', scans)).toEqual(scans);
    const search: CheckinSearchResponse = { tickets: [ticket({ seat: 'B-2' })] };
    expect(sent('api/checkin-search.response#', search)).toEqual(search);
    const report: CheckinReportResponse = {
      lists: [{ id: 'general', name: 'General', types: [{ ticket_type: 1, name: 'General', admitted: 3, total: 10 }], conflicts: 1 }],
      devices: [{ id: 'd-1', name: 'Puerta A', list: 'general', revoked: false, last_sync_at: null }, { id: 'd-2', name: 'Puerta B', list: 'general', revoked: true, last_sync_at: '2026-01-01T20:00:00.000Z' }],
    };
    expect(sent('api/checkin-report.response#', report)).toEqual(report);
    const device: CreateCheckinDeviceResponse = { device_id: 'd-1', token: 'tok', url: 'https://tickets.example/checkin#tok' };
    expect(sent('api/checkin-device.response#', device)).toEqual(device);
    expect(sent('api/checkin-search.response#', { tickets: [{ ...ticket(), qr_secret: 'never sent' }] })).toEqual({ tickets: [ticket()] });
  });
});
