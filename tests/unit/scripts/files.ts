import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root, and an installed package's folder (what the build bundles). */
export const repo = fileURLToPath(new URL('../../..', import.meta.url));
export const packageDir = (name: string) => join(repo, 'node_modules', name);

/** Every file under `dir`, as absolute paths. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}
