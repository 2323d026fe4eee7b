import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { themeTrimPlugin } from '../../../scripts/vite-plugin-theme-trim.js';
import { packageDir } from './files';

/**
 * scripts/vite-plugin-theme-trim.js replaces MUI's `createTheme` and `ThemeProvider` modules (by
 * their relative import inside @mui/material/styles) with their plain-theme branch, importing MUI's
 * files by path. A MUI upgrade that moves those files, stops importing them that way, or changes
 * the branch the stand-ins copy must fail here, not leave the build silently unpatched or wrong.
 */
const stylesDir = join(packageDir('@mui/material'), 'styles');
const plugin = themeTrimPlugin();
const resolveId = plugin.resolveId as unknown as (source: string, importer?: string) => string | null;
const load = plugin.load as unknown as (id: string) => string | null;
/** A module's text with its whitespace collapsed, so only a change of code moves it. */
const code = (name: string) => readFileSync(join(stylesDir, name), 'utf8').replace(/\s+/g, ' ');

describe('theme-trim: what it replaces is still there', () => {
  it.each(['./createTheme.mjs', './ThemeProvider.mjs'])('MUI\'s styles index imports %s, and the plugin answers with its stand-in', (source) => {
    const index = join(stylesDir, 'index.mjs');
    expect(code('index.mjs')).toContain(`from "${source}"`);
    const id = resolveId(source, index);
    expect(id).toBeTruthy();
    expect(load(id!)).toContain('export default function');
  });

  it('the files the stand-ins import exist and each has a default export', () => {
    const stand = ['./createTheme.mjs', './ThemeProvider.mjs'].map((source) => load(resolveId(source, join(stylesDir, 'index.mjs'))!)!).join('\n');
    const paths = [...stand.matchAll(/from "([^"]+\.mjs)"/g)].map((match) => match[1]);
    expect(paths.map((path) => path.split('/').pop())).toEqual(['createThemeNoVars.mjs', 'ThemeProviderNoVars.mjs', 'identifier.mjs']);
    for (const path of paths) {
      expect(existsSync(path), path).toBe(true);
      expect(readFileSync(path, 'utf8'), path).toMatch(/^export default /m);
    }
  });

  it('MUI still takes the plain branch exactly where the stand-ins do', () => {
    // createTheme: no cssVariables and no colorSchemes → createThemeNoVars (the stand-in throws otherwise).
    expect(code('createTheme.mjs')).toContain("cssVariables = false,");
    expect(code('createTheme.mjs')).toContain("if (cssVariables === false) { if (!('colorSchemes' in options)) { // Behaves exactly as v5 return createThemeNoVars(options, ...args); }");
    // ThemeProvider: a function theme as it is; a theme without colorSchemes to ThemeProviderNoVars, with vars: null unless it has vars.
    expect(code('ThemeProvider.mjs')).toContain(
      "if (typeof theme === 'function') { return theme; } const muiTheme = THEME_ID in theme ? theme[THEME_ID] : theme; if (!('colorSchemes' in muiTheme)) { if (!('vars' in muiTheme)) {",
    );
    expect(code('ThemeProvider.mjs')).toContain('return { ...theme, vars: null }; } return theme; } return null;');
    expect(code('ThemeProvider.mjs')).toContain('if (noVarsTheme) { return /*#__PURE__*/_jsx(ThemeProviderNoVars, { theme: noVarsTheme, ...props });');
  });
});
