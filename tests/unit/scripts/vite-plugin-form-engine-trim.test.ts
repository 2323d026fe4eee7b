import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formEngineTrimPlugin, REPLACEMENTS } from '../../../scripts/vite-plugin-form-engine-trim.js';
import { filesUnder, packageDir } from './files';

/**
 * scripts/vite-plugin-form-engine-trim.js swaps modules inside the installed @rjsf packages by the
 * import specifier and the importing file's path. An rjsf upgrade that renames a file or changes an
 * import would leave a stand-in unused without any error (the real module bundled again): each
 * replacement must still match an import in the files the build bundles.
 */
const rjsfFiles = ['core', 'utils'].flatMap((name) => filesUnder(join(packageDir(`@rjsf/${name}`), 'lib')).filter((file) => file.endsWith('.js')));
const importsOf = (file: string) => [...readFileSync(file, 'utf8').matchAll(/\bfrom\s+['"]([^'"]+)['"]/g)].map((match) => match[1]);
const resolveId = formEngineTrimPlugin().resolveId as unknown as (source: string, importer?: string) => string | null;

describe('form-engine-trim: what it replaces is still there', () => {
  it('the build bundles rjsf from lib/ (its ESM entry), the files these paths point into', () => {
    for (const name of ['core', 'utils']) {
      const manifest = JSON.parse(readFileSync(join(packageDir(`@rjsf/${name}`), 'package.json'), 'utf8'));
      expect(manifest.exports['.'].import, name).toBe('./lib/index.js');
    }
  });

  it.each(REPLACEMENTS.map((entry) => [`${entry.source} in ${entry.importer}`, entry] as const))('%s: imported there, and replaced', (_name, entry) => {
    expect(existsSync(entry.shim), entry.shim).toBe(true);
    const importers = rjsfFiles.filter((file) => entry.importer.test(file) && importsOf(file).includes(entry.source));
    expect(importers.length, `no file matching ${entry.importer} imports '${entry.source}'`).toBeGreaterThan(0);
    for (const file of importers) expect(resolveId(entry.source, file)).toBe(entry.shim);
  });
});
