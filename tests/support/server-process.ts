import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { buildServer } from '../../scripts/build-server.mjs';

export interface ServerProcess {
  baseUrl: string;
  stop: () => Promise<void>;
  /** False once the process has exited (a crash, or after `stop`). */
  alive: () => boolean;
  /** The OS process id (the bench reads its CPU time). */
  pid: number | undefined;
  /** Everything the process printed so far (stdout and stderr: its log lines). */
  output: () => string;
  /** Sends `signal` to the process (SIGTERM: the graceful shutdown) without waiting. */
  signal: (signal: NodeJS.Signals) => void;
  /** The exit code once the process has ended (null when a signal killed it). */
  exited: Promise<number | null>;
}

// The server built from the current source (`scripts/build-server.mjs`), once per test process, into a
// folder of its own: a process starts it with less than half the CPU that tsx needs to compile it.
// Folders are named after their process; one whose process has gone (a test worker may be killed
// rather than exit) is removed by the next build.
const BUILDS = join(process.cwd(), 'dist', 'test-server');
let built: Promise<string> | undefined;
function builtServer(): Promise<string> {
  built ??= (() => {
    for (const name of existsSync(BUILDS) ? readdirSync(BUILDS) : []) {
      if (!processAlive(Number(name.split('-')[0]))) rmSync(join(BUILDS, name), { recursive: true, force: true });
    }
    return buildServer(join(BUILDS, `${process.pid}-${randomUUID()}`));
  })();
  return built;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The port in the server's start line (`serve.ts`: "Checkout ready at … (listening on port N, database: …)"), once
 * the whole number has arrived: the output comes in chunks, and a chunk may end inside the number (a test that
 * took "354" of "35493" called a port nobody listened on: ECONNREFUSED).
 */
export function listeningPort(output: string): number | undefined {
  const match = /Checkout ready at \S+ +\(listening on port (\d+),/.exec(output);
  return match ? Number(match[1]) : undefined;
}

/**
 * Starts the server (`src/server/cli/serve.ts`, built) as a separate OS process, as production would run it, and waits for its URL.
 * Its stack traces point into the sources (`--enable-source-maps`, ≈ 20 MB of the process's memory) unless `sourceMaps` is
 * false: the bench measures the server's memory without them.
 */
export async function startServerProcess(env: Record<string, string>, { sourceMaps = true }: { sourceMaps?: boolean } = {}): Promise<ServerProcess> {
  const entry = await builtServer();
  const child: ChildProcess = spawn(process.execPath, [...(sourceMaps ? ['--enable-source-maps'] : []), entry], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DEMO_EVENTS: 'off', CLIENT_DIR: '/nonexistent', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // A process that ends while a test still talks to it leaves only "fetch failed" in the test: its
  // own last lines say why (a crash, a signal from outside), so they go to the test's log.
  let started = false;
  let ending = false;
  child.once('exit', (code, signal) => {
    if (started && !ending) console.error(`server process ${child.pid} ended unexpectedly (code ${code}, signal ${signal}); it printed:\n${output.slice(-4000)}`);
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return new Promise((resolve, reject) => {
    // A server that has not started in time is killed, not left behind: a late start would
    // otherwise keep listening (and holding its database) after the test has given up on it.
    const timer = setTimeout(() => {
      ending = true;
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const port = listeningPort(output);
      if (port) {
        started = true;
        clearTimeout(timer);
        resolve({
          baseUrl: `http://127.0.0.1:${port}`,
          stop: () => new Promise((done) => {
            ending = true;
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
          pid: child.pid,
          alive: () => child.exitCode === null && child.signalCode === null,
          output: () => output,
          signal: (signal) => {
            ending = true;
            child.kill(signal);
          },
          exited,
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}
