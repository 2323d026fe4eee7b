import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { readServiceAccount } from '../../../src/server/wallet/google-wallet-keys';
import { pushPassUpdates } from '../../../src/server/wallet/apns';
import { appleSigning } from '../../../src/server/wallet/apple-signing';
import { body, createTestApp, type TestApp } from '../../support/test-app';
import { skipDatabase } from '../../support/test-database';

const WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';

/** The stand-ins the server updates passes through answer as Google's REST API and APNs do. */
describe.skipIf(skipDatabase)('wallet update stand-ins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function grant(audience = '/sandbox/google-wallet/oauth2/token', scope = WALLET_SCOPE) {
    const key = readServiceAccount(t.ctx.config.googleWallet.serviceAccount!);
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ scope }).setProtectedHeader({ alg: 'RS256' }).setIssuer(key.email).setAudience(`http://127.0.0.1${audience}`).setIssuedAt(now).setExpirationTime(now + 600).sign(key.privateKey);
    return t.app.inject({
      method: 'POST', url: '/sandbox/google-wallet/oauth2/token', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
    });
  }

  it('Google: an access token for the service account\'s grant only; objects 401 without it, 404 unknown, 409 twice, patched JSON', async () => {
    expect(body(await grant('/elsewhere'))).toMatchObject({ error: 'invalid_grant' });
    expect(body(await grant(undefined, 'https://www.googleapis.com/auth/other'))).toMatchObject({ error: 'invalid_grant' });
    const granted = await grant();
    expect(granted.statusCode).toBe(200);
    const auth = { authorization: `Bearer ${body(granted).access_token}` };
    const objects = '/sandbox/google-wallet/walletobjects/v1/eventTicketObject';
    const id = `${t.ctx.config.googleWallet.issuerId}.ticket-1`;
    expect((await t.app.inject({ url: `${objects}/${id}` })).statusCode).toBe(401);
    const unknown = await t.app.inject({ method: 'PATCH', url: `${objects}/${id}`, headers: auth, payload: { state: 'INACTIVE' } });
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown)).toMatchObject({ error: { code: 404, status: 'NOT_FOUND' } });
    const object = { id, classId: `${t.ctx.config.googleWallet.issuerId}.event-1`, state: 'ACTIVE', ticketHolderName: 'Ana López' };
    expect((await t.app.inject({ method: 'POST', url: objects, headers: auth, payload: object })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: objects, headers: auth, payload: object })).statusCode).toBe(409);
    const patched = await t.app.inject({ method: 'PATCH', url: `${objects}/${id}`, headers: auth, payload: { state: 'INACTIVE' } });
    expect(body(patched)).toEqual({ ...object, state: 'INACTIVE' });
    expect(body(await t.app.inject(`/sandbox/google-wallet/api/objects/${id}`))).toEqual({ ...object, state: 'INACTIVE' });
  });

  it('APNs: 200 for a hex token under the pass type, Apple\'s reason otherwise; every accepted push recorded', async () => {
    const signing = appleSigning(t.ctx.config);
    const good = 'c'.repeat(64);
    const results = await pushPassUpdates(t.ctx.config.applePass.apnsUrl, signing, [good, 'not-a-token']);
    expect(results).toEqual([{ pushToken: good, status: 200 }, { pushToken: 'not-a-token', status: 400, reason: 'BadDeviceToken' }]);
    const foreign = await pushPassUpdates(t.ctx.config.applePass.apnsUrl, { ...signing, passTypeId: 'pass.com.example.other' }, [good]);
    expect(foreign).toEqual([{ pushToken: good, status: 400, reason: 'TopicDisallowed' }]);
    const { pushes } = body(await t.app.inject('/sandbox/apns/api/pushes'));
    expect(pushes).toEqual([{ pushToken: good, topic: signing.passTypeId, payload: {}, receivedAt: expect.any(String) }]);
  });
});
