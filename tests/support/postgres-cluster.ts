import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A throwaway PostgreSQL cluster whose data directory the caller owns: it can stop and start it. */
export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:PORT/postgres` (trust authentication). */
  adminUrl: string;
  /** `pg_ctl stop -m fast`: sessions are terminated (57P01), new connections are refused. Asynchronous, so a test's requests keep flowing. */
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** Stops the server and deletes its files. */
  remove: () => void;
}

/** The folder with `initdb` and `pg_ctl` of the newest installed PostgreSQL, or undefined. */
export function findPostgresBin(): string | undefined {
  const candidates = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)).map((v) => `/usr/lib/postgresql/${v}/bin`)
    : [];
  const which = spawnSync('sh', ['-c', 'dirname "$(readlink -f "$(command -v initdb)")"'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim() && which.stdout.trim() !== '.') candidates.push(which.stdout.trim());
  return candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
}

/** initdb + pg_ctl start on a free loopback port, in a new temp folder (as the postgres user when run as root). */
export async function startPostgresCluster(bin: string): Promise<PostgresCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'checkout-pg-'));
  const dataDir = join(dir, 'data');
  const port = await freePort();
  // initdb refuses to run as root; run the cluster as the postgres system user then.
  const asUser = process.getuid?.() === 0 ? 'postgres' : undefined;
  if (asUser) chownSync(dir, Number(execFileSync('id', ['-u', asUser]).toString().trim()), Number(execFileSync('id', ['-g', asUser]).toString().trim()));
  const command = (file: string, args: string[]): [string, string[]] =>
    asUser ? ['runuser', ['-u', asUser, '--', join(bin, file), ...args]] : [join(bin, file), args];
  const run = (file: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const [cmd, argv] = command(file, args);
      execFile(cmd, argv, { encoding: 'utf8' }, (error, stdout, stderr) => (error ? reject(new Error(`${file} failed: ${stderr || stdout}`)) : resolve()));
    });
  const start = () =>
    run('pg_ctl', ['-D', dataDir, '-w', '-l', join(dir, 'server.log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`, 'start']);
  await run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  await start();
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => run('pg_ctl', ['-D', dataDir, '-w', '-m', 'fast', 'stop']),
    start,
    remove: () => {
      spawnSync(...command('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']));
      rmSync(dir, { recursive: true, force: true });
    },
  };
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
