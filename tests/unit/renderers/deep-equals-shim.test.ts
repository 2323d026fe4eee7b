import { createCustomEqual } from 'fast-equals';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import shimEquals from '../../../renderers/shims/deepEquals';
import { FORM_SCHEMAS } from '../../../src/shared/forms/form-schemas';

// What @rjsf/utils' deepEquals is (its lib/deepEquals.js), which the build replaces by the stand-in.
const rjsfEquals = createCustomEqual({
  circular: true,
  createCustomConfig: () => ({ areFunctionsEqual: (_a: unknown, b: unknown) => typeof b === 'function' }),
});

class Point {
  constructor(
    public x: number,
    public y: number,
  ) {}
}

const circularA: Record<string, unknown> = { name: 'a' };
circularA.self = circularA;
const circularB: Record<string, unknown> = { name: 'a' };
circularB.self = circularB;
const circularC: Record<string, unknown> = { name: 'c' };
circularC.self = circularC;
const file = new File(['x'], 'photo.png', { type: 'image/png' });
const nullProto = Object.assign(Object.create(null) as object, { a: 1 });

const schemas = Object.values(FORM_SCHEMAS);
const pairs: [string, unknown, unknown][] = [
  ['equal primitives', 'a', 'a'],
  ['different strings', 'a', 'b'],
  ['NaN and NaN', Number.NaN, Number.NaN],
  ['0 and -0', 0, -0],
  ['null and undefined', null, undefined],
  ['number and string', 1, '1'],
  ['two functions', () => 1, () => 2],
  ['function and object', () => 1, {}],
  ['equal nested objects', { a: [1, { b: 'x' }], c: null }, { c: null, a: [1, { b: 'x' }] }],
  ['a missing key', { a: 1, b: undefined }, { a: 1, c: undefined }],
  ['different array lengths', [1, 2], [1, 2, 3]],
  ['array and object', [1], { 0: 1 }],
  ['equal dates', new Date(5), new Date(5)],
  ['different dates', new Date(5), new Date(6)],
  ['regexps', /a/g, /a/g],
  ['regexps with other flags', /a/g, /a/i],
  ['maps in another order', new Map<unknown, unknown>([['a', 1], [{ k: 1 }, 2]]), new Map<unknown, unknown>([[{ k: 1 }, 2], ['a', 1]])],
  ['different maps', new Map([['a', 1]]), new Map([['a', 2]])],
  ['sets in another order', new Set([1, { a: 1 }]), new Set([{ a: 1 }, 1])],
  ['different sets', new Set([1, 2]), new Set([1, 3])],
  ['class instances', new Point(1, 2), new Point(1, 2)],
  ['different class instances', new Point(1, 2), new Point(1, 3)],
  ['class instance and plain object', new Point(1, 2), { x: 1, y: 2 }],
  ['null-prototype objects', nullProto, Object.assign(Object.create(null) as object, { a: 1 })],
  ['null-prototype and plain object', nullProto, { a: 1 }],
  ['the same file', file, file],
  ['two files alike', file, new File(['x'], 'photo.png', { type: 'image/png' })],
  ['promises', Promise.resolve(1), Promise.resolve(1)],
  ['circular alike', circularA, circularB],
  ['circular different', circularA, circularC],
  ['react elements', createElement('a', { href: '/x' }, 'x'), createElement('a', { href: '/x' }, 'x')],
  ['different react elements', createElement('a', { href: '/x' }), createElement('a', { href: '/y' })],
  ['a schema and its copy', schemas[0], structuredClone(schemas[0])],
  ['two different schemas', schemas[0], schemas[1]],
  ['form data with functions inside', { onChange: () => 1, v: [1] }, { onChange: () => 2, v: [1] }],
];

describe('the deepEquals stand-in', () => {
  it.each(pairs)('%s: answers as rjsf\'s fast-equals comparator', (_name, a, b) => {
    expect(shimEquals(a, b)).toBe(rjsfEquals(a, b));
    expect(shimEquals(b, a)).toBe(rjsfEquals(b, a));
  });
});
