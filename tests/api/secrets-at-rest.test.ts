import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealStoredSecrets, totpPlace, unseal, webhookSecretPlace } from '../../src/server/secrets-at-rest';
import { body, createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase } from '../support/test-database';
import { codeAt, login, operatorWithPassword, PASSWORD, sessionOf, signInWithTotp } from './operator-helpers';

const ADMIN = 'token-de-prueba-secretos';
const admin = { authorization: `Bearer ${ADMIN}` };

/**
 * The TOTP secrets and webhook signing secrets are kept sealed (AES-256-GCM under SECRETS_KEY): the database never
 * holds them as shown, and rows written in plain text by an older version are sealed at start and keep working.
 */
describe.skipIf(skipDatabase)('secrets at rest', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ adminToken: ADMIN, rateLimitAdminMax: 10_000, secretsKey: 'clave-de-pruebas-de-secretos-en-reposo-0123456789' });
  });
  afterAll(() => t.close());
  const operatorRow = (email: string) => t.ctx.db.kysely.selectFrom('operators').select(['id', 'totp_secret']).where('email', '=', email).executeTakeFirstOrThrow();
  const endpointRow = (id: string) => t.ctx.db.kysely.selectFrom('webhook_endpoints').select(['id', 'secret']).where('id', '=', id).executeTakeFirstOrThrow();
  const newEndpoint = async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/webhooks/endpoints', headers: admin, payload: { event_url: null, url: 'http://localhost:9/hook', event_types: ['order.paid'] } });
    expect(res.statusCode, res.body).toBe(201);
    return body(res) as { endpoint: { id: string }; secret: string };
  };

  it('keeps a TOTP secret sealed: not the one shown, not inside the row, and sign-in works with it', async () => {
    await operatorWithPassword(t, 'sellada@example.mx', 'owner');
    const { secret } = await signInWithTotp(t, 'sellada@example.mx');
    const row = await operatorRow('sellada@example.mx');
    expect(row.totp_secret).toMatch(/^v1\./);
    expect(row.totp_secret).not.toContain(secret);
    expect(unseal(t.ctx.config, totpPlace(row.id), row.totp_secret!)).toBe(secret);
    expect((await login(t, 'sellada@example.mx', PASSWORD, await codeAt(t, secret))).statusCode).toBe(200);
  });

  it('keeps a webhook signing secret sealed, on creation and on rotation', async () => {
    const { endpoint, secret } = await newEndpoint();
    const stored = (await endpointRow(endpoint.id)).secret;
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(secret.slice('whsec_'.length));
    expect(unseal(t.ctx.config, webhookSecretPlace(endpoint.id), stored)).toBe(secret);
    const rotated = body(await t.app.inject({ method: 'POST', url: `/api/admin/webhooks/endpoints/${endpoint.id}/rotate-secret`, headers: admin })).secret as string;
    const restored = (await endpointRow(endpoint.id)).secret;
    expect(restored).toMatch(/^v1\./);
    expect(unseal(t.ctx.config, webhookSecretPlace(endpoint.id), restored)).toBe(rotated);
  });

  it('a sealed value opens only in its own row and under its own key', async () => {
    const [a, b] = [await newEndpoint(), await newEndpoint()];
    const storedA = (await endpointRow(a.endpoint.id)).secret;
    expect(() => unseal(t.ctx.config, webhookSecretPlace(b.endpoint.id), storedA)).toThrow(/does not open/);
    expect(() => unseal({ ...t.ctx.config, secretsKey: 'otra-clave-de-pruebas-de-secretos-en-reposo-987' }, webhookSecretPlace(a.endpoint.id), storedA)).toThrow(/does not open/);
  });

  it('seals the plain-text rows of an older version at start; they keep working', async () => {
    await operatorWithPassword(t, 'antigua@example.mx', 'owner');
    const { secret: totp } = await signInWithTotp(t, 'antigua@example.mx');
    const { endpoint } = await newEndpoint();
    const plainHook = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    // As an older version wrote them.
    await t.ctx.db.kysely.updateTable('operators').set({ totp_secret: totp }).where('email', '=', 'antigua@example.mx').execute();
    await t.ctx.db.kysely.updateTable('webhook_endpoints').set({ secret: plainHook }).where('id', '=', endpoint.id).execute();

    expect(await sealStoredSecrets(t.ctx)).toBe(2);
    expect(await sealStoredSecrets(t.ctx)).toBe(0);
    const row = await operatorRow('antigua@example.mx');
    expect(row.totp_secret).toMatch(/^v1\./);
    expect(sessionOf(await login(t, 'antigua@example.mx', PASSWORD, await codeAt(t, totp)))).toBeDefined();
    const opened = unseal(t.ctx.config, webhookSecretPlace(endpoint.id), (await endpointRow(endpoint.id)).secret);
    expect(opened).toBe(plainHook);
    // What the delivery signs with verifies with the secret the receiver was given.
    const at = new Date();
    const signature = new Webhook(opened).sign('msg_1', at, '{}');
    expect(new Webhook(plainHook).verify('{}', { 'webhook-id': 'msg_1', 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature })).toEqual({});
  });
});
