import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Writes `file` (owner-only) with what `make` returns, unless it exists: written aside and hard-linked into place,
 * so of two processes starting together one file wins and both read it.
 */
export function writeOnce(file: string, make: () => string): void {
  if (existsSync(file)) return;
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, make(), { mode: 0o600 });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
}
