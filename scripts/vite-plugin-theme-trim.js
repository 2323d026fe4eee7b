import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// @mui/material/styles/ on disk; its package exports do not name the files below, so they are
// reached by path (the same files MUI's own modules import, so one module instance each).
const stylesDir = join(dirname(require.resolve('@mui/material/package.json')), 'styles');
const file = (name) => JSON.stringify(join(stylesDir, name).replaceAll('\\', '/'));

const CREATE_THEME = '\0theme-trim:createTheme';
const THEME_PROVIDER = '\0theme-trim:ThemeProvider';

/**
 * MUI's `createTheme` and `ThemeProvider` each import both kinds of theme: the plain one ("no
 * vars", what MUI v5 had) and the CSS-variables one with colour schemes (createThemeWithVars,
 * CssVarsProvider, the colour-scheme script and storage). A theme built without `cssVariables` and
 * without `colorSchemes` only ever takes the plain path, and ours (src/client/theme.ts) is such a
 * theme; the CSS-variables half was on the ticket page for nothing. Inside @mui/material/styles the
 * two modules are replaced by their plain branch, which throws on a theme that would have needed
 * the other (so a theme change fails loudly at start, not with a wrong look).
 */
const MODULES = {
  [CREATE_THEME]: `
import createThemeNoVars from ${file('createThemeNoVars.mjs')};
export default function createTheme(options = {}, ...args) {
  if (options.cssVariables || 'colorSchemes' in options) {
    throw new Error('This build supports themes without cssVariables and colorSchemes only (scripts/vite-plugin-theme-trim.js).');
  }
  return createThemeNoVars(options, ...args);
}
`,
  [THEME_PROVIDER]: `
import { jsx } from 'react/jsx-runtime';
import { useMemo } from 'react';
import ThemeProviderNoVars from ${file('ThemeProviderNoVars.mjs')};
import THEME_ID from ${file('identifier.mjs')};
export default function ThemeProvider({ theme, ...props }) {
  const noVarsTheme = useMemo(() => {
    if (typeof theme === 'function') return theme;
    const muiTheme = THEME_ID in theme ? theme[THEME_ID] : theme;
    if ('colorSchemes' in muiTheme) {
      throw new Error('This build supports themes without colorSchemes only (scripts/vite-plugin-theme-trim.js).');
    }
    // As MUI's: a theme without CSS variables sets vars to null so it never inherits an outer theme's.
    return 'vars' in muiTheme ? theme : { ...theme, vars: null };
  }, [theme]);
  return jsx(ThemeProviderNoVars, { theme: noVarsTheme, ...props });
}
`,
};

const IMPORTER = /[\\/]@mui[\\/]material[\\/]styles[\\/]/;

export function themeTrimPlugin() {
  return {
    name: 'theme-trim',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, importer) {
      if (!importer || !IMPORTER.test(importer)) return null;
      if (source === './createTheme.mjs') return CREATE_THEME;
      if (source === './ThemeProvider.mjs') return THEME_PROVIDER;
      return null;
    },
    load(id) {
      return MODULES[id] ?? null;
    },
  };
}
