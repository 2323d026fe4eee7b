import { Agent, request } from 'node:http';

/**
 * Open-loop load: requests start on a fixed schedule (`rate` per second, spread evenly), whatever
 * the server's answers are doing, over at most `sockets` keep-alive connections; each latency runs
 * from the request's scheduled start, so time spent waiting for a free connection counts too.
 * (autocannon's rate limit instead lets every connection send its share back to back at the top of
 * each second, which measures a burst.) The first `warmupSeconds` run on the same schedule and
 * connections but are not counted: they open the connections, whose set-up is not a purchase's
 * latency.
 */
export async function openLoop(options: {
  url: string; rate: number; seconds: number; sockets: number; body: () => string; headers: () => Record<string, string>; warmupSeconds?: number;
  /** Called when the first counted request is due (to start measuring anything else, like the server's CPU). */
  onCounting?: () => void;
}): Promise<{ sent: number; ok: number; p50: number; p99: number; rps: number }> {
  const warmup = Math.round(options.rate * (options.warmupSeconds ?? 1));
  const agent = new Agent({ keepAlive: true, maxSockets: options.sockets });
  const target = new URL(options.url);
  const latencies: number[] = [];
  let ok = 0;
  const total = warmup + Math.round(options.rate * options.seconds);
  let started = performance.now();
  const pending: Promise<void>[] = [];
  const scheduleStart = started;
  for (let i = 0; i < total; i++) {
    const due = scheduleStart + (i * 1000) / options.rate;
    if (i === warmup) {
      started = due;
      options.onCounting?.();
    }
    const counted = i >= warmup;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const body = options.body();
    pending.push(new Promise<void>((resolve) => {
      const req = request({
        agent, hostname: target.hostname, port: target.port, path: target.pathname, method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...options.headers() },
      }, (res) => {
        res.resume();
        res.on('end', () => {
          if (counted) latencies.push(performance.now() - due);
          if (counted && res.statusCode === 200) ok++;
          resolve();
        });
      });
      req.on('error', () => resolve());
      req.end(body);
    }));
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { sent: total - warmup, ok, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), rps: ok / elapsed };
}

/** The `q` quantile (0–1) of latencies sorted ascending, in whole ms; 0 for none. */
export function percentile(sorted: number[], q: number): number {
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
}
