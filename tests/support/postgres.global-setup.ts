import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * Gives the api-postgres project a real PostgreSQL server: TEST_DATABASE_URL when set
 * (an admin URL; each test file creates its own database there), otherwise a throwaway
 * cluster started from the installed PostgreSQL binaries and removed afterwards.
 * On CI a missing PostgreSQL is an error; on a laptop the PostgreSQL run is skipped with a note.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgAdminUrl', process.env.TEST_DATABASE_URL);
    return;
  }
  const bin = findPostgresBin();
  if (!bin) {
    if (process.env.CI) throw new Error('PostgreSQL is required on CI: install the Debian package "postgresql" or set TEST_DATABASE_URL.');
    console.warn('\n[api-postgres] PostgreSQL not found (initdb); skipping the PostgreSQL run. Install "postgresql" or set TEST_DATABASE_URL.\n');
    project.provide('pgAdminUrl', '');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'checkout-pg-'));
  const dataDir = join(dir, 'data');
  const port = await freePort();
  // initdb refuses to run as root; run the cluster as the postgres system user then.
  const asUser = process.getuid?.() === 0 ? 'postgres' : undefined;
  if (asUser) chownSync(dir, Number(execFileSync('id', ['-u', asUser]).toString().trim()), Number(execFileSync('id', ['-g', asUser]).toString().trim()));
  const run = (file: string, args: string[]) => {
    const [cmd, argv] = asUser ? ['runuser', ['-u', asUser, '--', join(bin, file), ...args]] : [join(bin, file), args];
    const result = spawnSync(cmd, argv, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${file} failed: ${result.stderr || result.stdout}`);
  };
  run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  run('pg_ctl', ['-D', dataDir, '-w', '-l', join(dir, 'server.log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`, 'start']);
  project.provide('pgAdminUrl', `postgres://postgres@127.0.0.1:${port}/postgres`);
  return () => {
    run('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  };
}

function findPostgresBin(): string | undefined {
  const candidates = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)).map((v) => `/usr/lib/postgresql/${v}/bin`)
    : [];
  const which = spawnSync('sh', ['-c', 'dirname "$(readlink -f "$(command -v initdb)")"'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim() && which.stdout.trim() !== '.') candidates.push(which.stdout.trim());
  return candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
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

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}
