import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A throwaway `redis-server`: its own port and temp folder, nothing saved to disk. */
export interface ThrowawayRedis {
  url: string;
  /** Stops the server and deletes its folder (safe to call twice). */
  stop: () => Promise<void>;
}

/** The installed `redis-server` (Debian package "redis-server"), or undefined. */
export function findRedisServer(): string | undefined {
  const which = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : undefined;
}

/**
 * The Redis tests' precondition, as for PostgreSQL: on CI a missing redis-server is an error
 * (the file fails); on a laptop the Redis tests are skipped with a note.
 */
export function redisServerOrSkip(suite: string): string | undefined {
  const bin = findRedisServer();
  if (bin) return bin;
  if (process.env.CI) throw new Error(`redis-server is required on CI (${suite}): install the Debian package "redis-server".`);
  console.warn(`\n[${suite}] redis-server not found; skipping its Redis tests. Install the Debian package "redis-server".\n`);
  return undefined;
}

/** Starts `redis-server` on a free loopback port (no persistence) and waits until it accepts connections. */
export async function startRedis(bin: string): Promise<ThrowawayRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'checkout-redis-'));
  const port = await freePort();
  const child = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = () =>
    new Promise<void>((done) => {
      const finish = () => {
        rmSync(dir, { recursive: true, force: true });
        done();
      };
      if (child.exitCode !== null || child.signalCode !== null) return finish();
      child.once('exit', finish);
      child.kill('SIGTERM');
    });
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) break;
    if (await accepts(port)) return { url: `redis://127.0.0.1:${port}`, stop };
    await new Promise((r) => setTimeout(r, 50));
  }
  await stop();
  throw new Error(`redis-server did not start:\n${output}`);
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
