import type { AnySchema } from 'ajv';
// Node's ESM resolver (tsx on the server) has no directory-index lookup, so the file is named.
import standaloneCode from 'ajv/dist/standalone/index.js';
import { createAjv } from './create-ajv';

/**
 * The ajv runtime helpers standalone code may `require`, inlined so the module has no
 * imports at all: the browser loads it from our own origin with `import()` and it must
 * not name a bare package. Sources copied from ajv 8 (`dist/runtime/ucs2length`) and
 * fast-deep-equal (what `dist/runtime/equal` re-exports).
 */
const RUNTIME_INLINES: Record<string, { name: string; source: string }> = {
  'ajv/dist/runtime/ucs2length': {
    name: '__ajvUcs2length',
    source:
      'function __ajvUcs2length(str){const len=str.length;let length=0;let pos=0;let value;' +
      'while(pos<len){length++;value=str.charCodeAt(pos++);' +
      'if(value>=0xd800&&value<=0xdbff&&pos<len){value=str.charCodeAt(pos);if((value&0xfc00)===0xdc00)pos++;}}' +
      'return length;}',
  },
  'ajv/dist/runtime/equal': {
    name: '__ajvEqual',
    source:
      'function __ajvEqual(a,b){if(a===b)return true;' +
      "if(a&&b&&typeof a=='object'&&typeof b=='object'){if(a.constructor!==b.constructor)return false;let length,i,keys;" +
      'if(Array.isArray(a)){length=a.length;if(length!=b.length)return false;for(i=length;i--!==0;)if(!__ajvEqual(a[i],b[i]))return false;return true;}' +
      'if(a.constructor===RegExp)return a.source===b.source&&a.flags===b.flags;' +
      'if(a.valueOf!==Object.prototype.valueOf)return a.valueOf()===b.valueOf();' +
      'if(a.toString!==Object.prototype.toString)return a.toString()===b.toString();' +
      'keys=Object.keys(a);length=keys.length;if(length!==Object.keys(b).length)return false;' +
      'for(i=length;i--!==0;)if(!Object.prototype.hasOwnProperty.call(b,keys[i]))return false;' +
      'for(i=length;i--!==0;){const key=keys[i];if(!__ajvEqual(a[key],b[key]))return false;}return true;}' +
      'return a!==a&&b!==b;}',
  },
};

const REQUIRE_CALL = /require\("([^"]+)"\)(\.default)?/g;

/** Thrown when a schema needs a runtime helper that cannot be inlined (e.g. an ajv-formats format). */
export class StandaloneModuleError extends Error {
  constructor(readonly modules: string[]) {
    super(`Standalone validator code needs ${modules.join(', ')}; use plain keywords (pattern instead of format)`);
    this.name = 'StandaloneModuleError';
  }
}

/**
 * Turns ajv standalone ESM code into a self-contained ES module: every `require("ajv/dist/runtime/…")`
 * is replaced by an inlined function. Throws StandaloneModuleError for anything else.
 */
export function inlineAjvRuntime(code: string): string {
  const used = new Set<string>();
  const unknown = new Set<string>();
  const body = code.replace(REQUIRE_CALL, (call, id: string) => {
    const inline = RUNTIME_INLINES[id];
    if (!inline) {
      unknown.add(id);
      return call;
    }
    used.add(id);
    return inline.name;
  });
  if (unknown.size > 0) throw new StandaloneModuleError([...unknown]);
  const helpers = [...used].map((id) => RUNTIME_INLINES[id].source).join('\n');
  // Standalone code starts with "use strict"; keep it first (modules are strict anyway).
  return body.replace(/^"use strict";/, `"use strict";\n${helpers}\n`);
}

/**
 * Compiles `schemas` (export name → JSON Schema) with the project's ajv options into ONE
 * self-contained ES module exporting one validate function per name. The functions behave
 * exactly like `createAjv().compile(schema)` (same keywords, same ajv-errors messages) but
 * need no `new Function` at run time, so they run under a CSP without 'unsafe-eval'.
 */
export function standaloneValidatorModule(schemas: Record<string, AnySchema>): string {
  const ajv = createAjv({ code: { source: true, esm: true, lines: false, optimize: true } });
  const refs: Record<string, string> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    if (!/^[A-Za-z_$][\w$]*$/.test(name)) throw new RangeError(`Export name "${name}" is not an identifier`);
    const ownId = typeof schema === 'object' && schema !== null ? (schema as { $id?: unknown }).$id : undefined;
    const key = typeof ownId === 'string' ? ownId : `standalone:${name}`;
    ajv.addSchema(schema, typeof ownId === 'string' ? undefined : key);
    refs[name] = key;
  }
  return inlineAjvRuntime(standaloneCode(ajv, refs));
}
