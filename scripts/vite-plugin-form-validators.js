// Plain JS on purpose: vite.config.ts imports it with its extension, and the TypeScript it
// needs (src/shared) is loaded through tsx at build time, so Vite's config loader bundles
// nothing of ours (no "unsupported by configLoader: 'native'" warnings). Types: the .d.ts beside it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

/** `import validate from 'virtual:form-validator/buyer'` — one module per form of schemas/forms. */
export const FORM_VALIDATOR_PREFIX = 'virtual:form-validator/';
const RESOLVED_PREFIX = `\0${FORM_VALIDATOR_PREFIX}`;

/** @type {Promise<{ FORM_SCHEMA_FILES: Record<string, string>, standaloneValidatorModule: (schemas: Record<string, object>) => string }> | undefined} */
let shared;
function loadShared() {
  shared ??= Promise.all([
    tsImport('../src/shared/forms/form-schemas.ts', import.meta.url),
    tsImport('../src/shared/validation/standalone-module.ts', import.meta.url),
  ]).then(([forms, standalone]) => ({
    FORM_SCHEMA_FILES: forms.FORM_SCHEMA_FILES,
    standaloneValidatorModule: standalone.standaloneValidatorModule,
  }));
  return shared;
}

/**
 * Precompiles the static form schemas (schemas/forms) at build time into ajv standalone
 * code, one virtual module per form exporting its validate function. The browser never
 * compiles a schema (no `new Function`, so no 'unsafe-eval' in the CSP), the code always
 * comes from the current schema file (nothing generated to commit or forget), and it only
 * lands in the chunks of the panels that import it. See docs/decisions/003.
 *
 * @returns {import('vite').Plugin}
 */
export function formValidatorsPlugin() {
  return {
    name: 'form-validators',
    resolveId(id) {
      return id.startsWith(FORM_VALIDATOR_PREFIX) ? `\0${id}` : undefined;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED_PREFIX)) return undefined;
      const formId = id.slice(RESOLVED_PREFIX.length);
      const { FORM_SCHEMA_FILES, standaloneValidatorModule } = await loadShared();
      const file = FORM_SCHEMA_FILES[formId];
      if (!file) this.error(`Unknown form "${formId}"; known: ${Object.keys(FORM_SCHEMA_FILES).join(', ')}`);
      const path = fileURLToPath(new URL(`../schemas/forms/${file}.schema.json`, import.meta.url));
      this.addWatchFile(path);
      const schema = JSON.parse(readFileSync(path, 'utf8'));
      return `${standaloneValidatorModule({ validate: schema })}\nexport default validate;\n`;
    },
  };
}
