import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../..');
const SERVER = join(ROOT, 'src/server');
const CLI = join(SERVER, 'cli');
const SANDBOX = join(ROOT, 'sandbox');
const SHARED = join(ROOT, 'src/shared');

function sources(dir: string, skip?: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === skip ? [] : sources(path, skip);
    return /\.(?:ts|tsx|mts|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** Every relative module a file imports (static, dynamic or re-exported), resolved to an absolute path. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]);
  return specifiers.map((specifier) => resolve(dirname(file), specifier));
}

const inside = (path: string, dir: string) => path === dir || path.startsWith(`${dir}/`);

/**
 * The sandbox is the providers' side of the wire: the production server never loads it (only the
 * demo's composition in src/server/cli/ does, on demand), and it reaches nothing of the server's:
 * what both sides need (wire types, signature schemes, HTML escaping) lives in src/shared.
 */
describe('the sandbox boundary', () => {
  it('no file under src/server outside cli/ imports anything under sandbox/', () => {
    const found = sources(SERVER, CLI).flatMap((file) =>
      importsOf(file).filter((target) => inside(target, SANDBOX)).map((target) => `${relative(ROOT, file)} → ${relative(ROOT, target)}`));
    expect(found).toEqual([]);
  });

  it('files under sandbox/ import only from sandbox/ and src/shared/', () => {
    const found = sources(SANDBOX).flatMap((file) =>
      importsOf(file).filter((target) => !inside(target, SANDBOX) && !inside(target, SHARED)).map((target) => `${relative(ROOT, file)} → ${relative(ROOT, target)}`));
    expect(found).toEqual([]);
  });
});
