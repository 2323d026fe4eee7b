import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Server did not answer ${url} within ${timeoutMs} ms`);
}

export interface BenchServerOptions {
  /** The tree whose server runs (its own source); this one by default. */
  root?: string;
  /** The script that starts it, relative to `root`. */
  entry?: string;
  /** Its database; a fresh SQLite file in the temporary folder by default. */
  databaseUrl?: string;
  /** More environment (CLIENT_DIR, DEMO_EVENTS, rate limits…). */
  env?: Record<string, string>;
  timeoutMs?: number;
}

/**
 * The real server (API + storefront) in its own process on a free port, as the browser benches measure it;
 * `stop()` ends its process group and nothing else.
 */
export async function startBenchServer(options: BenchServerOptions = {}): Promise<{ baseUrl: string; stop: () => void }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', options.entry ?? 'src/server/cli/serve.ts'], {
    cwd: options.root ?? repoRoot,
    detached: true, // own process group, so stop() ends it and nothing else
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl ?? `sqlite:${join(tmpdir(), `bench-server-${process.pid}-${port}.sqlite`)}`,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
  const stop = () => {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  };
  try {
    await waitFor(`${baseUrl}/api/config`, options.timeoutMs ?? 60_000);
  } catch (error) {
    stop();
    throw error;
  }
  return { baseUrl, stop };
}
