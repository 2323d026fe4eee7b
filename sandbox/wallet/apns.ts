import { randomUUID } from 'node:crypto';
import { createServer, constants, type Http2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';

/** One push the stand-in accepted: the device token, its `apns-topic` and its payload, when. */
export interface RecordedPush { pushToken: string; topic: string; payload: unknown; receivedAt: string }

/** The APNs stand-in as the composition holds it: its URL (the server's APPLE_APNS_URL), what it received, and its close. */
export interface ApnsSandbox { url: string; pushes: () => RecordedPush[]; close: () => Promise<void> }

/** Pushes kept, newest last; older ones are dropped (a demo that runs for weeks stays small). */
const KEPT = 1000;
/** APNs' own payload limit. */
const MAX_PAYLOAD = 4096;

/**
 * APNs for Wallet passes, as a loopback HTTP/2 listener without TLS (the server's client speaks the same
 * HTTP/2 to it as to `api.push.apple.com`, only the demo has no Pass Type ID certificate Apple trusts):
 * `POST /3/device/{token}` with `apns-topic` and a JSON payload is answered 200 with an `apns-id`, and
 * recorded; Apple's 4xx `{ reason }` otherwise (`BadDeviceToken`: not hex, `MissingTopic`, `TopicDisallowed`:
 * not `topic`, `PayloadTooLarge`, `BadPath`, `MethodNotAllowed`). Tests read what it got through the
 * sandbox's `GET /sandbox/apns/api/pushes`.
 */
export async function apnsSandbox(topic: string, now: () => Date): Promise<ApnsSandbox> {
  const recorded: RecordedPush[] = [];
  const sessions = new Set<Http2Session>();
  const server = createServer();
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  server.on('stream', (stream, headers) => {
    const refuse = (status: number, reason: string) => {
      stream.respond({ [constants.HTTP2_HEADER_STATUS]: status, 'content-type': 'application/json', 'apns-id': randomUUID() });
      stream.end(JSON.stringify({ reason }));
    };
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_PAYLOAD) chunks.push(chunk);
    });
    stream.on('end', () => {
      const path = /^\/3\/device\/([^/?]+)$/.exec(String(headers[constants.HTTP2_HEADER_PATH] ?? ''));
      if (!path) return refuse(404, 'BadPath');
      if (headers[constants.HTTP2_HEADER_METHOD] !== 'POST') return refuse(405, 'MethodNotAllowed');
      if (!/^[0-9a-fA-F]{64,200}$/.test(path[1])) return refuse(400, 'BadDeviceToken');
      const apnsTopic = headers['apns-topic'];
      if (typeof apnsTopic !== 'string' || apnsTopic === '') return refuse(400, 'MissingTopic');
      if (apnsTopic !== topic) return refuse(400, 'TopicDisallowed');
      if (size > MAX_PAYLOAD) return refuse(413, 'PayloadTooLarge');
      let payload: unknown;
      try {
        payload = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return refuse(400, size === 0 ? 'PayloadEmpty' : 'BadPayload');
      }
      recorded.push({ pushToken: path[1], topic: apnsTopic, payload, receivedAt: now().toISOString() });
      if (recorded.length > KEPT) recorded.splice(0, recorded.length - KEPT);
      stream.respond({ [constants.HTTP2_HEADER_STATUS]: 200, 'apns-id': randomUUID() });
      stream.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    pushes: () => [...recorded],
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const session of sessions) session.destroy();
      }),
  };
}
