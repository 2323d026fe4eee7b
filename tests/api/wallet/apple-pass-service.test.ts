import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body } from '../../support/test-app';
import { unpackPass } from '../../support/pkpass';
import { skipDatabase } from '../../support/test-database';
import { buyer, createPaymentsApp, eventWithDetails, passUrl, payWithFintoc, walletList, type PaymentsTestApp } from './helpers';

const DEVICE = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const PUSH_TOKEN = 'f'.repeat(64);

/** Apple's pass web service as a phone's Wallet calls it, with the pass's own token. */
describe.skipIf(skipDatabase)('Apple pass web service', () => {
  let t: PaymentsTestApp;
  let pass: { serialNumber: string; passTypeIdentifier: string; authenticationToken: string; webServiceURL: string } & Record<string, unknown>;
  let other: { serialNumber: string; authenticationToken: string };

  beforeAll(async () => {
    t = await createPaymentsApp({ publicUrl: 'https://boletos.example.mx' });
    await t.importEvent(eventWithDetails);
    const paid = await payWithFintoc(t, await t.purchase([{ ticket_id: 2, cantidad: 2 }]), buyer({ name: 'Jane Doe', email: 'jane@example.com', lang: 'en' }));
    const [first, second] = await walletList(t, paid);
    const passJson = async (ticketId: string) => {
      const res = await t.app.inject(`${await passUrl(t, paid, ticketId)}/apple.pkpass`);
      return JSON.parse(unpackPass(res.rawPayload).get('pass.json')!.toString('utf8'));
    };
    pass = await passJson(first.id);
    other = await passJson(second.id);
  });
  afterAll(() => t.close());

  const apple = (token: string) => ({ authorization: `ApplePass ${token}` });
  const registration = (serial = pass.serialNumber, device = DEVICE) => `/api/wallet/apple/v1/devices/${device}/registrations/${pass.passTypeIdentifier}/${serial}`;
  const register = (headers: Record<string, string>, serial = pass.serialNumber, device = DEVICE) =>
    t.app.inject({ method: 'POST', url: registration(serial, device), headers, payload: { pushToken: PUSH_TOKEN } });
  const serials = (query = '', device = DEVICE) => t.app.inject(`/api/wallet/apple/v1/devices/${device}/registrations/${pass.passTypeIdentifier}${query}`);
  const latest = (headers: Record<string, string>, serial = pass.serialNumber) => t.app.inject({ url: `/api/wallet/apple/v1/passes/${pass.passTypeIdentifier}/${serial}`, headers });

  it('the pass names the service on the public origin and carries a token of its own', () => {
    expect(pass.webServiceURL).toBe('https://boletos.example.mx/api/wallet/apple/');
    expect(pass.authenticationToken.length).toBeGreaterThanOrEqual(16);
    expect(other.authenticationToken).not.toBe(pass.authenticationToken);
  });

  it('the pass carries its expiry, its relevant interval and the event\'s semantics, and is not voided while valid', () => {
    // The event runs 2026-12-05 20:00 to 2026-12-06 01:30 (UTC-6).
    expect(Date.parse(pass.expirationDate as string)).toBe(Date.parse('2026-12-06T07:30:00-06:00'));
    expect((pass.relevantDates as { startDate: string; endDate: string }[]).map((d) => [Date.parse(d.startDate), Date.parse(d.endDate)]))
      .toEqual([[Date.parse('2026-12-05T17:00:00-06:00'), Date.parse('2026-12-06T07:30:00-06:00')]]);
    expect(pass.semantics).toEqual({
      eventName: 'Concierto de Prueba', venueName: 'Foro Sol', venueLocation: { latitude: 19.4055, longitude: -99.0927 },
      eventStartDate: '2026-12-06T02:00:00.000Z', eventEndDate: '2026-12-06T07:30:00.000Z', attendeeName: 'Jane Doe',
    });
    expect(pass.voided).toBeUndefined();
  });

  it('registers a device: 201, then 200 for the same one; 401 with no token, another pass\'s token or another pass type', async () => {
    expect((await register({})).statusCode).toBe(401);
    expect((await register(apple(other.authenticationToken))).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: registration().replace(pass.passTypeIdentifier, 'pass.com.example.other'), headers: apple(pass.authenticationToken), payload: { pushToken: PUSH_TOKEN } })).statusCode).toBe(401);
    expect(await t.rows('wallet_apple_registrations', 'device_library_id', DEVICE)).toHaveLength(0);
    expect((await register(apple(pass.authenticationToken))).statusCode).toBe(201);
    expect((await register(apple(pass.authenticationToken))).statusCode).toBe(200);
    expect(await t.rows('wallet_apple_registrations', 'device_library_id', DEVICE)).toMatchObject([{ serial_number: pass.serialNumber, push_token: PUSH_TOKEN }]);
  });

  it('lists the device\'s passes, then only those changed since the tag it got (204 when none)', async () => {
    const all = await serials();
    expect(all.statusCode).toBe(200);
    expect(body(all)).toEqual({ serialNumbers: [pass.serialNumber], lastUpdated: '0' });
    expect((await serials('?passesUpdatedSince=0')).statusCode).toBe(204);
    expect((await serials('', 'an0therdevice')).statusCode).toBe(204);
    await t.ctx.db.kysely.insertInto('wallet_pass_changes').values({ ticket_id: pass.serialNumber, changed_at: new Date().toISOString() }).execute();
    const changed = await serials('?passesUpdatedSince=0');
    expect(changed.statusCode).toBe(200);
    expect(body(changed).serialNumbers).toEqual([pass.serialNumber]);
    expect(Number(body(changed).lastUpdated)).toBeGreaterThan(0);
    expect((await serials(`?passesUpdatedSince=${body(changed).lastUpdated}`)).statusCode).toBe(204);
  });

  it('serves the latest pass (200 with Last-Modified, 304 when not modified since), 401 without the pass\'s token', async () => {
    expect((await latest({})).statusCode).toBe(401);
    expect((await latest(apple(other.authenticationToken))).statusCode).toBe(401);
    const res = await latest(apple(pass.authenticationToken));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(JSON.parse(unpackPass(res.rawPayload).get('pass.json')!.toString('utf8'))).toMatchObject({ serialNumber: pass.serialNumber, authenticationToken: pass.authenticationToken });
    const lastModified = res.headers['last-modified'] as string;
    expect(Number.isNaN(Date.parse(lastModified))).toBe(false);
    expect((await latest({ ...apple(pass.authenticationToken), 'if-modified-since': lastModified })).statusCode).toBe(304);
    const before = new Date(Date.parse(lastModified) - 1000).toUTCString();
    expect((await latest({ ...apple(pass.authenticationToken), 'if-modified-since': before })).statusCode).toBe(200);
  });

  it('unregisters with the pass\'s token only', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: registration(), headers: apple(other.authenticationToken) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: registration(), headers: apple(pass.authenticationToken) })).statusCode).toBe(200);
    expect(await t.rows('wallet_apple_registrations', 'device_library_id', DEVICE)).toHaveLength(0);
    expect((await register(apple(pass.authenticationToken))).statusCode).toBe(201);
  });

  it('accepts Wallet\'s log, bounded', async () => {
    const logged = await t.app.inject({ method: 'POST', url: '/api/wallet/apple/v1/log', payload: { logs: ['[2026-11-27] Web service error for pass.x (https://…): Response to \'What changed?\' request included 1 serial numbers but the lastUpdated tag (0) remained the same.'] } });
    expect(logged.statusCode).toBe(200);
    const tooMany = await t.app.inject({ method: 'POST', url: '/api/wallet/apple/v1/log', payload: { logs: Array.from({ length: 51 }, () => 'x') } });
    expect(tooMany.statusCode).toBe(400);
  });
});
