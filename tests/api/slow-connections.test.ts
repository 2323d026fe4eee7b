import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase } from '../support/test-database';

const CAP = 4;

/** GET /api/health over a fresh connection from `localAddress` (another loopback address is another client). */
function health(port: number, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/api/health', localAddress, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A raw connection; `ended` settles with what the server sent once it closes the connection. */
function open(port: number): Promise<{ socket: Socket; ended: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    const ended = new Promise<string>((done) => socket.once('close', () => done(received)));
    socket.once('error', () => undefined);
    socket.once('connect', () => resolve({ socket, ended }));
    socket.once('error', reject);
  });
}

/** Sends one request on `socket` and waits for its answer's status line, or for the connection to end unanswered. */
function statusOver(connection: { socket: Socket; ended: Promise<string> }): Promise<string> {
  return new Promise((resolve) => {
    let received = '';
    connection.socket.on('data', (chunk: string) => {
      received += chunk;
      if (received.includes('\r\n')) resolve(received.split('\r\n')[0]);
    });
    void connection.ended.then(() => resolve('closed'));
    connection.socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
  });
}

/**
 * A client that opens many connections and sends their bodies a byte at a time must not hold
 * the server: every request has to arrive whole within REQUEST_TIMEOUT_SECONDS, and one client
 * keeps at most MAX_CONNECTIONS_PER_CLIENT connections open at once, while others are served.
 */
describe.skipIf(skipDatabase)('slow request bodies and connections per client', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ requestTimeoutSeconds: 1, headersTimeoutSeconds: 1, maxConnectionsPerClient: CAP });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  it('cuts a request whose body trickles in past the request timeout, answering others meanwhile', async () => {
    const slow = await open(port);
    slow.socket.write('POST /api/payments/verify-discount HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
    const trickle = setInterval(() => slow.socket.writable && slow.socket.write(' '), 200);
    try {
      expect(await health(port, '127.0.0.2')).toBe(200);
      // Without a request timeout the connection stays open as long as bytes keep coming.
      const outcome = await Promise.race([slow.ended, new Promise<string>((done) => setTimeout(() => done('still open'), 10_000))]);
      expect(outcome).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      clearInterval(trickle);
      slow.socket.destroy();
    }
  });

  it('refuses connections of one client past its cap, serves other clients, and accepts it again once some close', async () => {
    const held = await Promise.all(Array.from({ length: CAP }, () => open(port)));
    const extra = await Promise.all(Array.from({ length: 3 }, () => open(port)));
    expect(await Promise.all(held.map(statusOver))).toEqual(Array(CAP).fill('HTTP/1.1 200 OK'));
    expect(await Promise.all(extra.map(statusOver))).toEqual(['closed', 'closed', 'closed']);
    expect(await health(port, '127.0.0.3')).toBe(200);
    held[0].socket.destroy();
    await held[0].ended;
    // The server counts the closed connection off once it sees the close: a few tries at most.
    let again = 'closed';
    for (let tries = 0; tries < 20 && again === 'closed'; tries++) again = await statusOver(await open(port));
    expect(again).toBe('HTTP/1.1 200 OK');
    for (const connection of held) connection.socket.destroy();
  });
});
