import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from './fixtures/prueba-api.event.json';
import { body, createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase } from '../support/test-database';

const ADMIN = 'token-de-prueba-admin';
const PATTERNS = 200;

/**
 * Every operator pattern of an event file is judged by recheck (docs/decisions/006), which may
 * take up to 2 s on one pattern. A file with hundreds of distinct patterns must neither freeze
 * the server while they are judged nor take minutes: the patterns are judged off the event
 * loop, within one budget for the whole file, and a file past it is refused with a sentence.
 */
describe.skipIf(skipDatabase)('an event file with many patterns', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ adminToken: ADMIN });
  });
  afterAll(() => t.close());

  it('is refused past the checking budget while /api/health keeps answering', async () => {
    // Distinct in every run (verdicts are remembered per pattern); recheck needs its whole 2 s on each
    // of these password rules, so the file is past its budget on any machine (before: 200 × 2 s held).
    const salt = randomBytes(4).toString('hex');
    const form = Array.from({ length: PATTERNS }, (_, i) => ({
      id: `campo${i}`, type: 'text', label: `Campo ${i}`, validation: { pattern: { value: `^(?=.*\\d)(?=.*[a-z])(?=.*[A-Z]).{8,${20 + i}}${salt}$`, message: 'No válido' } },
    }));
    const file = { ...fixture, tickets: [{ ...fixture.tickets[0], form }, ...fixture.tickets.slice(1)] };

    // The longest gap between the ticks of a 50 ms interval: how long the event loop was held at once.
    let last = performance.now();
    let longestGap = 0;
    const ticks = setInterval(() => {
      longestGap = Math.max(longestGap, performance.now() - last);
      last = performance.now();
    }, 50);
    let done = false;
    let healthAnswers = 0;
    const probes = (async () => {
      while (!done) {
        if ((await t.app.inject('/api/health')).statusCode === 200) healthAnswers++;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const res = await t.app.inject({ method: 'PUT', url: '/api/admin/events/prueba-api', payload: file, headers: { authorization: `Bearer ${ADMIN}` } });
    done = true;
    await probes;
    clearInterval(ticks);

    // The event loop was never held: the worst wait stayed far below one pattern's 2 s (it was 18 s and more).
    expect(longestGap).toBeLessThan(1000);
    expect(healthAnswers).toBeGreaterThan(10);
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe('EVENT_INVALID');
    expect(body(res).problems).toContainEqual({
      pointer: expect.stringMatching(/^\/tickets\/0\/form\/\d+\/validation\/pattern\/value$/),
      message: expect.stringMatching(/^las expresiones regulares de este archivo tardan demasiado en comprobarse \(más de 10 s en total; \d+ sin comprobar\)/),
    });
  }, 120_000);
});
