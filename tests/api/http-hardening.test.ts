import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from './fixtures/prueba-api.event.json';
import { body, createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase } from '../support/test-database';

describe.skipIf(skipDatabase)('rate limit, security headers and unknown routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimitMax: 3 });
    await t.importEvent(fixture);
  });
  afterAll(() => t.close());

  it('answers 429 with the too-many-requests mensaje past RATE_LIMIT_MAX per minute on the purchase routes', async () => {
    const call = () => t.app.inject({ method: 'POST', url: '/api/payments/verify-discount', payload: { url: 'prueba-api', code: 'DEMO10', tickets: [{ ticket_id: 1, cantidad: 1 }] } });
    for (let i = 0; i < 3; i++) expect((await call()).statusCode).toBe(200);
    const limited = await call();
    expect(limited.statusCode).toBe(429);
    expect(body(limited)).toMatchObject({ mensaje: 'Demasiadas solicitudes. Intenta de nuevo más tarde.', code: 'RATE_LIMITED' });
    // The event page counts in its own, larger bucket (RATE_LIMIT_READ_MAX).
    expect((await t.app.inject('/api/event/prueba-api')).statusCode).toBe(200);
  });

  it('sends security headers on every response, errors included', async () => {
    for (const res of [await t.app.inject('/api/event/prueba-api'), await t.app.inject('/api/nada')]) {
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).not.toContain('unsafe-eval');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBeDefined();
      expect(res.headers['strict-transport-security']).toBeDefined();
    }
  });

  it('answers unknown API routes with 404 JSON', async () => {
    const res = await t.app.inject('/api/nada');
    expect(res.statusCode).toBe(404);
    expect(body(res)).toEqual({ mensaje: 'La ruta solicitada no existe.', code: 'NOT_FOUND' });
  });
});
