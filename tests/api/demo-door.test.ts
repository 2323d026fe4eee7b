import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoDoor } from '../../src/server/demo/demo-door';
import demo from '../../src/server/demo/demo.json';
import { skipDatabase } from '../support/test-database';
import { admin, createCheckinApp } from './checkin-helpers';
import type { PaymentsTestApp } from './payments/helpers';

const ORIGIN = 'http://localhost:3000';

/** `npm start`'s demo door: one device of the demo event's list `all`, the same link on every start. */
describe.skipIf(skipDatabase)('the demo door scanner', () => {
  let t: PaymentsTestApp;
  const syncStatus = async (token: string) => (await t.app.inject({ url: '/api/checkin/sync', headers: { authorization: `Bearer ${token}` } })).statusCode;
  const demoDevices = async () => (await t.ctx.db.kysely.selectFrom('checkin_devices').selectAll().orderBy('created_at').execute()).filter((d) => d.name === 'Puerta demo');

  beforeAll(async () => {
    t = await createCheckinApp();
  });
  afterAll(() => t.close());

  it('pairs nothing without the demo event', async () => {
    expect(await ensureDemoDoor(t.ctx, ORIGIN)).toBeUndefined();
  });

  it('pairs one device to the list all once; a later start answers the same link; the token only after #', async () => {
    await t.importEvent(demo);
    const first = (await ensureDemoDoor(t.ctx, ORIGIN))!;
    expect(first.url).toBe(`${ORIGIN}/checkin#${first.token}`);
    expect(await ensureDemoDoor(t.ctx, ORIGIN)).toEqual(first);
    const rows = await demoDevices();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first.device_id, list_id: 'all', revoked_at: null });
    expect(rows[0].token_hash).not.toContain(first.token);
    expect(await syncStatus(first.token)).toBe(200);
  });

  it('under another SIGNING_SECRET the same device gets a new token and the old link opens nothing', async () => {
    const before = (await ensureDemoDoor(t.ctx, ORIGIN))!;
    const after = (await ensureDemoDoor({ ...t.ctx, config: { ...t.ctx.config, signingSecret: 'otro-secreto-de-firma' } }, ORIGIN))!;
    expect(after.device_id).toBe(before.device_id);
    expect(after.token).not.toBe(before.token);
    expect(await syncStatus(before.token)).toBe(401);
    expect(await syncStatus(after.token)).toBe(200);
    expect(await demoDevices()).toHaveLength(1);
    // Back to the first secret: the first link again.
    expect(await ensureDemoDoor(t.ctx, ORIGIN)).toEqual(before);
  });

  it('once revoked, a new device with a new link; the revoked link stays dead', async () => {
    const revoked = (await ensureDemoDoor(t.ctx, ORIGIN))!;
    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/events/demo/checkin-devices/${revoked.device_id}`, headers: admin });
    expect(res.statusCode).toBe(204);
    const next = (await ensureDemoDoor(t.ctx, ORIGIN))!;
    expect(next.device_id).not.toBe(revoked.device_id);
    expect(next.token).not.toBe(revoked.token);
    expect(await syncStatus(revoked.token)).toBe(401);
    expect(await syncStatus(next.token)).toBe(200);
    expect(await ensureDemoDoor(t.ctx, ORIGIN)).toEqual(next);
    expect((await demoDevices()).map((d) => d.revoked_at === null)).toEqual([false, true]);
  });
});
