import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botCheckSandboxKeys } from '../../sandbox/bot-check';
import { body, createTestApp, type TestApp } from '../support/test-app';
import { postgresPoolSize } from '../../src/server/db/postgres';
import { skipDatabase, testDialect } from '../support/test-database';

/** The reCAPTCHA sandbox answers like Google: api.js, a token bound to site key and action, siteverify's fields and error codes. */
describe.skipIf(skipDatabase)('reCAPTCHA sandbox', () => {
  let t: TestApp;
  let keys: { siteKey: string; secretKey: string };
  const siteverify = (fields: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/sandbox/recaptcha/api/siteverify', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
  const token = (payload: object) => t.app.inject({ method: 'POST', url: '/sandbox/recaptcha/api/token', payload });

  beforeAll(async () => {
    t = await createTestApp();
    keys = botCheckSandboxKeys(t.ctx.config.signingSecret);
  });
  afterAll(() => t.close());

  it('gives the server its keys and URLs, and the storefront the site key and script', async () => {
    expect(t.ctx.config).toMatchObject({ recaptchaSecret: keys.secretKey, recaptchaSiteKey: keys.siteKey, recaptchaVerifyUrl: '/sandbox/recaptcha/api/siteverify' });
    expect(body(await t.app.inject('/api/config')).botCheck).toEqual({ provider: 'recaptcha', siteKey: keys.siteKey, scriptUrl: '/sandbox/recaptcha/api.js' });
    const script = await t.app.inject('/sandbox/recaptcha/api.js');
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.body).toMatch(/window\.grecaptcha/);
  });

  it('verifies a token once, with Google\'s fields, then answers timeout-or-duplicate', async () => {
    const issued = body(await token({ siteKey: keys.siteKey, action: 'new_purchase', hostname: 'boletos.example.mx' })).token as string;
    const first = body(await siteverify({ secret: keys.secretKey, response: issued }));
    expect(first).toMatchObject({ success: true, action: 'new_purchase', hostname: 'boletos.example.mx', score: 0.9 });
    expect(Date.parse(first.challenge_ts)).not.toBeNaN();
    expect(body(await siteverify({ secret: keys.secretKey, response: issued }))).toEqual({ success: false, 'error-codes': ['timeout-or-duplicate'] });
  });

  it('answers timeout-or-duplicate after two minutes', async () => {
    const issued = body(await token({ siteKey: keys.siteKey, action: 'new_purchase', hostname: 'localhost' })).token as string;
    t.advance(2 * 60_000 + 1);
    expect(body(await siteverify({ secret: keys.secretKey, response: issued }))).toEqual({ success: false, 'error-codes': ['timeout-or-duplicate'] });
  });

  it.each([
    ['no secret', { response: 'x' }, ['missing-input-secret']],
    ['nothing', {}, ['missing-input-secret', 'missing-input-response']],
    ['another secret', { secret: 'otro', response: 'x' }, ['invalid-input-secret']],
    ['no response', { secret: 'SECRET' }, ['missing-input-response']],
    ['a token it did not sign', { secret: 'SECRET', response: 'e30.firma' }, ['invalid-input-response']],
  ])('answers %s with its error code', async (_name, fields, codes) => {
    const withSecret = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v === 'SECRET' ? keys.secretKey : v]));
    const res = await siteverify(withSecret);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ success: false, 'error-codes': codes });
  });

  it('answers siteverify while every connection of the server\'s database is busy (a provider is another system)', async () => {
    // Requests queued on a lock hold the server's connections; the bot check of the next one must not wait behind them.
    const busy = testDialect === 'postgres' ? postgresPoolSize() : 1;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let taken = 0;
    const holders = Array.from({ length: busy }, () => t.ctx.db.kysely.connection().execute(async () => {
      taken += 1;
      await gate;
    }));
    while (taken < busy) await new Promise((resolve) => setTimeout(resolve, 5));
    try {
      const issued = body(await token({ siteKey: keys.siteKey, action: 'new_purchase', hostname: 'localhost' })).token as string;
      const res = await siteverify({ secret: keys.secretKey, response: issued });
      expect(res.statusCode).toBe(200);
      expect(body(res)).toMatchObject({ success: true, action: 'new_purchase' });
    } finally {
      release();
      await Promise.all(holders);
    }
  });

  it('issues tokens only for its site key and a well-formed action', async () => {
    expect((await token({ siteKey: 'otra', action: 'new_purchase', hostname: 'localhost' })).statusCode).toBe(400);
    expect((await token({ siteKey: keys.siteKey, action: 'new purchase!', hostname: 'localhost' })).statusCode).toBe(400);
  });
});
