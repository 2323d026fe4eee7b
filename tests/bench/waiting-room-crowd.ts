import { createHmac } from 'node:crypto';
import { Agent, request, type ClientRequest } from 'node:http';
import { BROWSER_COOKIE } from '../../src/server/waiting-room/signing';

/**
 * The waiting-room bench's crowd, in a child process of its own (`fork`, not a worker thread: one
 * process holds at most `ulimit -n` sockets, and threads share that limit). It opens one server-sent
 * events stream per browser `from..to-1` (browser i on server i mod servers: the replicas
 * round-robin), counts the `status` messages each receives, and answers the bench over IPC:
 * `opened` once every stream answered or failed; on `mark` it notes the counts; on `report` it sends
 * what each browser received since the mark (sum, most, browsers); on `close` it ends them and exits.
 */
export interface CrowdPart {
  servers: string[];
  from: number;
  to: number;
  secret: string;
}
export type CrowdCommand = { kind: 'mark' } | { kind: 'report' } | { kind: 'close' };
export type CrowdMessage =
  | { kind: 'opened'; open: number; failed: number }
  /** Since the mark: `ended`, streams the server closed (its final answer: admitted); `shortestGapMs`, between two updates to one browser. */
  | { kind: 'report'; browsers: number; sent: number; most: number; ended: number; shortestGapMs: number };

/** Streams being opened at once by one process: more would overflow the servers' accept queues. */
const OPENING = 500;

/** A browser cookie as the server signs it (the bench and the servers share SIGNING_SECRET). */
export const cookieFor = (secret: string, browserId: string) =>
  `${BROWSER_COOKIE}=${browserId}.${createHmac('sha256', secret).update(`waiting-room-browser:${browserId}`).digest('base64url')}`;
/** A distinct client address per index (sent as X-Forwarded-For: the servers trust the loopback). */
export const address = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${(i & 255) || 1}`;

function openCrowd({ servers, from, to, secret }: CrowdPart) {
  const count = to - from;
  const messages = new Uint32Array(count);
  /** When each browser's last message came (ms since this process started; 0: none yet). */
  const lastAt = new Float64Array(count);
  /** The shortest time between two updates to one browser (after its first answer, sent as its stream opens), once `measuring`. */
  const gaps = { measuring: false, shortestMs: Number.POSITIVE_INFINITY };
  const requests: ClientRequest[] = [];
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  let open = 0;
  let ended = 0;
  let failed = 0;
  const opened = new Promise<void>((resolve) => {
    let next = 0;
    let settled = 0;
    const settle = () => {
      if (++settled === count) resolve();
      else openNext();
    };
    const openNext = () => {
      if (next >= count) return;
      const k = next++;
      const i = from + k;
      const { hostname, port } = new URL(servers[i % servers.length]);
      const req = request({ host: hostname, port, path: '/api/waiting-room/sala/stream', agent, headers: { cookie: cookieFor(secret, `crowd-${i + 1}`), 'x-forwarded-for': address(i + 1) } }, (res) => {
        open++;
        settle();
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const got = chunk.split('event: status').length - 1;
          if (got === 0) return;
          const now = performance.now();
          if (gaps.measuring && messages[k] >= 2) gaps.shortestMs = Math.min(gaps.shortestMs, got > 1 ? 0 : now - lastAt[k]);
          messages[k] += got;
          lastAt[k] = now;
        });
        res.on('close', () => ended++);
        res.on('error', () => {});
      });
      req.on('error', () => {
        failed++;
        settle();
      });
      req.end();
      requests.push(req);
    };
    if (count === 0) resolve();
    for (let n = 0; n < OPENING; n++) openNext();
  });
  return { opened, messages, gaps, counts: () => ({ open, failed, ended }), close: () => requests.forEach((r) => r.destroy()) };
}

if (process.send && process.env.WAITING_ROOM_CROWD) {
  const part = JSON.parse(process.env.WAITING_ROOM_CROWD) as CrowdPart;
  const send = (message: CrowdMessage) => process.send!(message);
  const crowd = openCrowd(part);
  let before = new Uint32Array(0);
  let endedBefore = 0;
  await crowd.opened;
  const { open, failed } = crowd.counts();
  send({ kind: 'opened', open, failed });
  process.on('message', (command: CrowdCommand) => {
    if (command.kind === 'mark') {
      before = Uint32Array.from(crowd.messages);
      endedBefore = crowd.counts().ended;
      crowd.gaps.measuring = true;
    }
    if (command.kind === 'report') {
      let sent = 0;
      let most = 0;
      for (let k = 0; k < crowd.messages.length; k++) {
        const got = crowd.messages[k] - (before[k] ?? 0);
        sent += got;
        most = Math.max(most, got);
      }
      send({ kind: 'report', browsers: crowd.messages.length, sent, most, ended: crowd.counts().ended - endedBefore, shortestGapMs: crowd.gaps.shortestMs });
    }
    if (command.kind === 'close') {
      crowd.close();
      process.disconnect();
    }
  });
}
