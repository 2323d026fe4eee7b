import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../../locales');
const read = (lang: string, file: string) => JSON.parse(readFileSync(join(root, lang, file), 'utf8')) as Record<string, unknown>;

/** Every leaf key path of a nested dictionary, e.g. `tickets.title`. */
function keys(tree: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object' ? keys(value as Record<string, unknown>, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('locales', () => {
  const namespaces = readdirSync(join(root, 'es')).filter((f) => f.endsWith('.json'));

  it('has the same namespaces in es and en, the storefront ones among them', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['common.json', 'checkout.json', 'errors.json']));
    expect(readdirSync(join(root, 'en')).filter((f) => f.endsWith('.json')).sort()).toEqual([...namespaces].sort());
  });

  it.each(namespaces)('%s has the same keys in es and en, none empty', (file) => {
    const es = read('es', file);
    const en = read('en', file);
    expect(keys(en).sort()).toEqual(keys(es).sort());
    for (const tree of [es, en]) {
      for (const key of keys(tree)) {
        const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);
        expect(typeof value === 'string' && value.trim().length > 0, `${file} ${key}`).toBe(true);
      }
    }
  });
});
