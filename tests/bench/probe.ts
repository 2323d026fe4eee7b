import { Agent, get } from 'node:http';
import { percentile } from './open-loop';

/**
 * GETs `url` every `everyMs` on its own keep-alive connection until `stop` resolves, each
 * latency from the request's scheduled start: how a health check sees the server while it is
 * busy. A route that touches no database waits only for the server's other work in hand (a
 * blocked event loop, the purchases queued behind a pause) and for this process's own.
 */
export async function probe(url: string, everyMs: number, stop: Promise<unknown>): Promise<{ count: number; p50: number; p99: number; max: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  const pending: Promise<void>[] = [];
  let stopped = false;
  void stop.then(() => (stopped = true));
  const start = performance.now();
  for (let i = 0; !stopped; i++) {
    const due = start + i * everyMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(new Promise<void>((resolve) => {
      get(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - due);
          resolve();
        });
      }).on('error', () => resolve());
    }));
  }
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { count: latencies.length, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), max: percentile(latencies, 1) };
}
