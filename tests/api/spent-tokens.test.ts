import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trimSpentTokens } from '../../sandbox/bot-check';
import { createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase } from '../support/test-database';

/** The reCAPTCHA sandbox forgets spent tokens once expired, a bounded batch per trim (sandbox/bot-check/spent-tokens.ts). */
describe.skipIf(skipDatabase)('trimming spent tokens', () => {
  let t: TestApp;
  // The sandbox's own table, outside the server's typed schema.
  const store = () => t.sandboxStore.kysely as Kysely<any>;
  const count = async () => Number((await store().selectFrom('sandbox_recaptcha_spent_tokens').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const spend = (prefix: string, n: number, expiresAt: string) =>
    store().insertInto('sandbox_recaptcha_spent_tokens').values(Array.from({ length: n }, (_, i) => ({ id: `${prefix}-${i}`, expires_at: expiresAt }))).execute();

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('deletes at most 200 expired per trim, trims again at once after a full batch, then rests; live tokens stay', async () => {
    const now = new Date('2026-11-23T12:00:00.000Z');
    await spend('old', 450, '2026-11-23T11:59:00.000Z');
    await spend('live', 3, '2026-11-23T12:01:00.000Z');
    const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
    await trimSpentTokens(store(), at(0));
    expect(await count()).toBe(253);
    await trimSpentTokens(store(), at(10));
    expect(await count()).toBe(53);
    await trimSpentTokens(store(), at(20));
    expect(await count()).toBe(3);
    // The last batch was not full: the next trim waits its ten seconds.
    await spend('later', 5, '2026-11-23T11:59:30.000Z');
    await trimSpentTokens(store(), at(5_000));
    expect(await count()).toBe(8);
    await trimSpentTokens(store(), at(10_021));
    expect(await count()).toBe(3);
  });
});
