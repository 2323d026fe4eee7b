import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

/** An unpacked .pkpass: every file by its path inside the archive. */
export type PassFiles = Map<string, Buffer>;

function walk(dir: string, root = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path, root) : [relative(root, path)];
  });
}

/** Unzips a .pkpass with the system `unzip`, as any tool outside our code would. */
export function unpackPass(pkpass: Buffer): PassFiles {
  const dir = mkdtempSync(join(tmpdir(), 'pkpass-'));
  try {
    writeFileSync(join(dir, 'pass.pkpass'), pkpass);
    execFileSync('unzip', ['-q', 'pass.pkpass', '-d', 'files'], { cwd: dir });
    const files = join(dir, 'files');
    return new Map(walk(files).map((path) => [path, readFileSync(join(files, path))]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Each file's SHA-1 recomputed: what manifest.json must say (it lists every file but itself and the signature). */
export function recomputedManifest(files: PassFiles): Record<string, string> {
  const entries = [...files].filter(([path]) => path !== 'manifest.json' && path !== 'signature');
  return Object.fromEntries(entries.map(([path, content]) => [path, createHash('sha1').update(content).digest('hex')]));
}

/**
 * Checks the detached PKCS#7 `signature` over `manifest` with OpenSSL against `rootPem` (the
 * chain's root; the signer certificate travels inside the signature). Returns OpenSSL's verdict.
 */
export function verifyPassSignature(signature: Buffer, manifest: Buffer, rootPem: string): { ok: boolean; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'pkpass-sig-'));
  try {
    writeFileSync(join(dir, 'signature'), signature);
    writeFileSync(join(dir, 'manifest.json'), manifest);
    writeFileSync(join(dir, 'root.pem'), rootPem);
    const run = spawnSync('openssl', ['cms', '-verify', '-binary', '-inform', 'DER', '-in', 'signature', '-content', 'manifest.json', '-CAfile', 'root.pem', '-purpose', 'any', '-out', '/dev/null'], { cwd: dir, encoding: 'utf8' });
    return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
