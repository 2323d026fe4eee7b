import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/server/context';
import { SITEVERIFY_AT_ONCE, verifyBotCheck } from '../../../src/server/services/bot-check.service';
import { createTurns } from '../../../src/shared/node/turns';

const turns = (n: number) => new Promise<void>(async (done) => {
  for (let i = 0; i < n; i++) await new Promise((next) => setImmediate(next));
  done();
});

describe('turns: a few pieces of work of one key at a time, the rest in the order they came', () => {
  it('runs at most `atOnce` together and starts the waiting ones in arrival order', async () => {
    const inTurn = createTurns(3);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    await Promise.all(Array.from({ length: 12 }, (_, i) => inTurn('k', async () => {
      started.push(i);
      most = Math.max(most, ++running);
      await turns(3);
      running--;
    })));
    expect(most).toBe(3);
    expect(started).toEqual(Array.from({ length: 12 }, (_, i) => i));
  });

  it('a piece that throws hands its turn on', async () => {
    const inTurn = createTurns(1);
    const failed = inTurn('k', async () => { throw new Error('no'); });
    const next = inTurn('k', async () => 'sí');
    await expect(failed).rejects.toThrow('no');
    await expect(next).resolves.toBe('sí');
  });
});

describe('the bot check in a burst', () => {
  let server: Server;
  let inFlight = 0;
  let most = 0;
  beforeAll(async () => {
    // A siteverify that takes 20 ms to answer, as a provider's round trip does.
    server = createServer((req, res) => {
      most = Math.max(most, ++inFlight);
      req.resume();
      req.on('end', () => setTimeout(() => {
        inFlight--;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ success: true, action: 'new_purchase', hostname: 'localhost', score: 0.9 }));
      }, 20));
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  });
  afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

  it(`keeps at most ${SITEVERIFY_AT_ONCE} siteverify calls in flight, and every buyer gets a verdict`, async () => {
    const { port } = server.address() as AddressInfo;
    const ctx = {
      config: { recaptchaSecret: 'secreto', recaptchaVerifyUrl: `http://127.0.0.1:${port}/siteverify`, recaptchaHostnames: [], publicUrl: undefined, recaptchaMinScore: 0.5, internalUrl: undefined },
    } as unknown as AppContext;
    const request = { hostname: 'localhost', server: {} } as unknown as Pick<FastifyRequest, 'hostname' | 'server'>;
    const answers = await Promise.allSettled(Array.from({ length: 4 * SITEVERIFY_AT_ONCE }, () => verifyBotCheck(ctx, 'token', 'new_purchase', request)));
    expect(answers.every((a) => a.status === 'fulfilled')).toBe(true);
    expect(most).toBeLessThanOrEqual(SITEVERIFY_AT_ONCE);
  });
});
