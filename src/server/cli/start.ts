import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `npm start`: builds the storefront when dist/client is missing or older than any
 * source it is built from, then starts the server (storefront + API on one port).
 */
const BUILD_INPUTS = ['src/client', 'src/shared', 'renderers', 'locales', 'public', 'schemas', 'vite.config.ts', 'package.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, entry) => Math.max(max, newestMtime(join(path, entry))), stat.mtimeMs);
}

const builtAt = existsSync('dist/client/index.html') ? statSync('dist/client/index.html').mtimeMs : 0;
if (builtAt < Math.max(...BUILD_INPUTS.map(newestMtime))) {
  console.log('Building the storefront (vite build)…');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import('./serve');
