import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { treeShakeHintsPlugin } from '../../../scripts/vite-plugin-tree-shake-hints.js';
import { filesUnder, packageDir } from './files';

/**
 * scripts/vite-plugin-tree-shake-hints.js rewrites react-router's bundled module by its file path
 * and line patterns (`var Link = React10.forwardRef(` marked pure, `Link.displayName = "Link";`
 * dropped), and declares hoist-non-react-statics free of effects by its path. An upgrade that
 * renames the files or writes those lines another way would leave react-router's unused components
 * on the ticket page again without any error: here the rewrite must still hit them.
 */
type Transform = (code: string, id: string) => { code: string; moduleSideEffects?: boolean } | null;
const transform = treeShakeHintsPlugin().transform as unknown as Transform;
const routerDist = join(packageDir('react-router'), 'dist');

describe('tree-shake-hints: what it rewrites is still there', () => {
  const flavours = readdirSync(routerDist).filter((name) => readdirSync(join(routerDist, name)).includes('index.mjs'));

  it('react-router ships its ESM build in development and production flavours', () => {
    expect(flavours.sort()).toEqual(['development', 'production']);
  });

  it.each(['development', 'production'])('%s: the chunks its index.mjs re-exports are rewritten: the components marked pure, their names dropped', (flavour) => {
    const dir = join(routerDist, flavour);
    const chunks = [...readFileSync(join(dir, 'index.mjs'), 'utf8').matchAll(/from "\.\/(chunk-[\w-]+\.mjs)"/g)].map((match) => join(dir, match[1]));
    expect(chunks.length).toBeGreaterThan(0);
    const before = chunks.map((file) => readFileSync(file, 'utf8')).join('\n');
    const after = chunks.map((file) => transform(readFileSync(file, 'utf8'), file)?.code ?? '(not rewritten)').join('\n');
    for (const name of ['Link', 'NavLink', 'Form']) {
      expect(before, name).toMatch(new RegExp(`^var ${name} = React\\d*\\.forwardRef\\(`, 'm'));
      expect(after, name).toMatch(new RegExp(`^var ${name} = /\\* @__PURE__ \\*/ React\\d*\\.forwardRef\\(`, 'm'));
    }
    expect(after).toMatch(/^var MemoizedDataRoutes = \/\* @__PURE__ \*\/ React\d*\.memo\(/m);
    for (const name of ['Link', 'NavLink', 'Form', 'ScrollRestoration']) {
      expect(before, name).toContain(`\n${name}.displayName = "${name}";\n`);
      expect(after, name).not.toContain(`${name}.displayName`);
    }
    // Nothing else of the module changed but those lines.
    expect(after.replace(/^(var [\w$]+ = )\/\* @__PURE__ \*\/ (React\d*\.(?:forwardRef|memo)\()/gm, '$1$2').split('\n').filter(Boolean)).toEqual(before.split('\n').filter((line) => line && !/^[\w$]+\.displayName = "[^"\n]*";$/.test(line)));
  });

  it('hoist-non-react-statics, still imported by emotion, is declared free of effects', () => {
    const emotion = filesUnder(join(packageDir('@emotion/react'), 'dist')).filter((file) => file.endsWith('.browser.esm.js'));
    expect(emotion.some((file) => /(from\s+|import\s+)['"]hoist-non-react-statics['"]/.test(readFileSync(file, 'utf8')))).toBe(true);
    const main = join(packageDir('hoist-non-react-statics'), JSON.parse(readFileSync(join(packageDir('hoist-non-react-statics'), 'package.json'), 'utf8')).main);
    expect(transform(readFileSync(main, 'utf8'), main)?.moduleSideEffects).toBe(false);
  });
});
