/**
 * Stands in for `fast-uri` inside rjsf (scripts/vite-plugin-form-engine-trim.js,
 * docs/decisions/016-page-weight.md). rjsf only resolves and compares URIs for `$ref`s (and
 * the `$id`s they point into); our form schemas carry none (a unit test checks every one), so
 * the platform's URL parser is enough: relative bases (our `$id`s are `forms/buyer`) resolve
 * against a placeholder root that is taken off again.
 */
const ROOT = 'rjsf-base:/';

function absolute(reference: string, base = ''): string {
  const resolved = new URL(reference, new URL(base, ROOT)).href;
  return resolved.startsWith(ROOT) ? resolved.slice(ROOT.length) : resolved;
}

const uri = {
  resolve: (base: string, reference: string): string => absolute(reference, base),
  equal: (a: string, b: string): boolean => absolute(a) === absolute(b),
};

export default uri;
