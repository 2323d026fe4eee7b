import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from './fixtures/prueba-api.event.json';
import { body, createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase } from '../support/test-database';

/**
 * With RECAPTCHA_SECRET set the server asks Google's siteverify. CI has no internet, so
 * RECAPTCHA_VERIFY_URL points at a loopback server that answers in siteverify's documented
 * shape; it records what the server sent so the request contract is checked too.
 */
describe.skipIf(skipDatabase)('bot check with reCAPTCHA v3', () => {
  let t: TestApp;
  let siteverify: Server;
  const received: URLSearchParams[] = [];
  const answers: Record<string, object> = {
    good: { success: true, action: 'new_purchase', hostname: 'localhost', score: 0.9 },
    lowscore: { success: true, action: 'new_purchase', hostname: 'localhost', score: 0.2 },
    otheraction: { success: true, action: 'login', hostname: 'localhost', score: 0.9 },
    otherhost: { success: true, action: 'new_purchase', hostname: 'evil.example', score: 0.9 },
    bad: { success: false, 'error-codes': ['invalid-input-response'] },
  };

  beforeAll(async () => {
    siteverify = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        const params = new URLSearchParams(raw);
        received.push(params);
        res.setHeader('content-type', 'application/json');
        // `down`: siteverify itself failing, with an error body of its own.
        if (params.get('response') === 'down') res.statusCode = 503;
        res.end(JSON.stringify(answers[params.get('response') ?? ''] ?? answers.bad));
      });
    });
    await new Promise<void>((resolve) => siteverify.listen(0, '127.0.0.1', resolve));
    const port = (siteverify.address() as { port: number }).port;
    t = await createTestApp({ recaptchaSecret: 'secreto-rc', recaptchaSiteKey: 'clave-publica', recaptchaVerifyUrl: `http://127.0.0.1:${port}/siteverify` });
    await t.importEvent(fixture);
  });
  afterAll(async () => {
    await t.close();
    siteverify.close();
  });

  const attempt = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/payments/new-purchase', headers: { host: 'localhost:3000' }, payload: { url: 'prueba-api', token, tickets: [{ ticket_id: 1, cantidad: 1 }] } });

  it('accepts a successful answer with the right action, host and score, sending the secret', async () => {
    expect((await attempt('good')).statusCode).toBe(200);
    expect(received.at(-1)?.get('secret')).toBe('secreto-rc');
  });

  it.each([
    ['a failed verification', 'bad', /rechazado/],
    ['a score below RECAPTCHA_MIN_SCORE', 'lowscore', /puntuación/],
    ['another action', 'otheraction', /acción/],
    ['another host name', 'otherhost', /dominio/],
    ['any answer while siteverify fails (an error status)', 'down', /servicio no disponible/],
  ])('refuses %s with 403 and a mensaje', async (_name, token, message) => {
    const res = await attempt(token);
    expect(res.statusCode).toBe(403);
    expect(body(res).mensaje).toMatch(message);
  });

  it('tells the storefront to use reCAPTCHA and hides the sandbox token route', async () => {
    expect(body(await t.app.inject('/api/config')).botCheck).toEqual({ provider: 'recaptcha', siteKey: 'clave-publica', scriptUrl: 'https://www.google.com/recaptcha/api.js' });
    expect((await t.app.inject({ method: 'POST', url: '/sandbox/recaptcha/api/token', payload: { action: 'new_purchase' } })).statusCode).toBe(404);
  });
});
