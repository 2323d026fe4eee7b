/**
 * Stands in for @rjsf/utils' `deepEquals` (fast-equals' `createCustomEqual` with circular
 * references tracked and every two functions equal) inside rjsf (scripts/vite-plugin-form-engine-trim.js,
 * docs/decisions/016-page-weight.md). rjsf compares schemas, uiSchemas, form data, error
 * schemas and props with it: plain objects, arrays, primitives, functions, React elements and,
 * in form data, File objects. Those compare exactly as fast-equals compares them (a unit test
 * runs both on the same values); so do dates, regular expressions, Maps, Sets and class
 * instances. Values of other built-in kinds (typed arrays, errors, URLs, boxed primitives) are
 * equal only when they are the same object, where fast-equals would compare their contents:
 * nothing rjsf compares for our forms holds one.
 */
type Pairs = Map<object, object>;

const isReactProperty = (a: Record<string, unknown>, b: Record<string, unknown>, key: string) =>
  (key === '_owner' || key === '__o' || key === '__v') && Boolean(a.$$typeof || b.$$typeof);

function objectsEqual(a: Record<string, unknown>, b: Record<string, unknown>, pairs: Pairs): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every(
    (key) =>
      isReactProperty(a, b, key) ||
      (Object.prototype.propertyIsEnumerable.call(b, key) && equal(a[key], b[key], pairs)),
  );
}

/** Each entry of `a` matched with a distinct entry of `b` (Map and Set order does not count). */
function entriesEqual(a: [unknown, unknown][], b: [unknown, unknown][], pairs: Pairs): boolean {
  if (a.length !== b.length) return false;
  const used = new Array<boolean>(b.length).fill(false);
  return a.every(([keyA, valueA]) => {
    const index = b.findIndex(([keyB, valueB], i) => !used[i] && equal(keyA, keyB, pairs) && equal(valueA, valueB, pairs));
    if (index < 0) return false;
    used[index] = true;
    return true;
  });
}

function compare(a: object, b: object, pairs: Pairs): boolean {
  const constructor = a.constructor;
  if (constructor !== b.constructor) return false;
  if (constructor === Object || constructor == null) return objectsEqual(a as never, b as never, pairs);
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, index) => equal(item, other[index], pairs));
  }
  if (a instanceof Date) return Object.is(a.getTime(), (b as Date).getTime());
  if (a instanceof RegExp) return a.source === (b as RegExp).source && a.flags === (b as RegExp).flags;
  if (a instanceof Map) return entriesEqual([...a], [...(b as Map<unknown, unknown>)], pairs);
  if (a instanceof Set) return entriesEqual([...a].map((v) => [v, v]), [...(b as Set<unknown>)].map((v) => [v, v]), pairs);
  if (constructor === Promise) return false;
  // A class instance compares by its own enumerable properties unless it is promise-like.
  const tag = Object.prototype.toString.call(a);
  if (tag !== '[object Object]') return false;
  const thenable = (value: object) => typeof (value as { then?: unknown }).then === 'function';
  return !thenable(a) && !thenable(b) && objectsEqual(a as never, b as never, pairs);
}

function equal(a: unknown, b: unknown, pairs: Pairs): boolean {
  if (a === b) return true;
  if (a == null || b == null || typeof a !== typeof b) return false;
  if (typeof a === 'number' || typeof a === 'bigint') return Object.is(a, b);
  if (typeof a === 'function') return true;
  if (typeof a !== 'object') return false;
  const objectA = a as object;
  const objectB = b as object;
  // A pair already being compared further up is equal if it is the same pair (circular values).
  const seenA = pairs.get(objectA);
  const seenB = pairs.get(objectB);
  if (seenA && seenB) return seenA === objectB && seenB === objectA;
  pairs.set(objectA, objectB);
  pairs.set(objectB, objectA);
  const result = compare(objectA, objectB, pairs);
  pairs.delete(objectA);
  pairs.delete(objectB);
  return result;
}

export default function deepEquals(a: unknown, b: unknown): boolean {
  return equal(a, b, new Map());
}
