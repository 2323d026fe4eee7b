/**
 * Stands in for rjsf's option matchers for `anyOf` / `oneOf` schemas — `getClosestMatchingOption`,
 * `getFirstMatchingOption`, `findSelectedOptionInXxxOf` (in @rjsf/utils/lib/schema) — through
 * scripts/vite-plugin-form-engine-trim.js (docs/decisions/016-page-weight.md). rjsf calls them
 * only on a schema that has `anyOf` or `oneOf`; ours never do: the attendee fields compile to
 * plain properties with `enum`s and `if`/`then`/`else`, and the payment forms are fixed files
 * (tests/unit/renderers/form-engine-shims.test.ts checks every one). A schema that did would need
 * the real matchers and rjsf's MultiSchemaField, also left out, so this says so instead of
 * choosing an option silently.
 */
function unsupported(name: string): never {
  throw new Error(`${name}: anyOf/oneOf schemas are not supported by the storefront's form engine`);
}

export function getClosestMatchingOption(): number {
  return unsupported('getClosestMatchingOption');
}

export function getFirstMatchingOption(): number {
  return unsupported('getFirstMatchingOption');
}

export function findSelectedOptionInXxxOf(): never {
  return unsupported('findSelectedOptionInXxxOf');
}
