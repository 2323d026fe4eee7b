/**
 * The manifest check of docs/decisions/002, for the event-file types and src/shared/api: a manifest `{ key: 'required' |
 * 'optional' }` typed `satisfies Presence<T>` makes `tsc` refuse a missing key, an extra key or a
 * wrong required/optional mark; `expectAgreement` compares it with a schema's `properties` and `required`.
 */
import { expect } from 'vitest';

export type Presence<T> = { [K in keyof T]-?: object extends Pick<T, K> ? 'optional' : 'required' };
export type Members<U extends string> = Record<U, true>;

interface ObjectSchema {
  properties?: Record<string, unknown>;
  required?: string[];
  enum?: unknown[];
  items?: unknown;
}

export function expectAgreement(schema: unknown, manifest: Record<string, 'required' | 'optional'>): void {
  const node = schema as ObjectSchema;
  expect(Object.keys(node.properties ?? {}).sort()).toEqual(Object.keys(manifest).sort());
  expect([...(node.required ?? [])].sort()).toEqual(
    Object.entries(manifest)
      .filter(([, presence]) => presence === 'required')
      .map(([key]) => key)
      .sort(),
  );
}

/** The node at `path` (property names, `items`, `definitions`…) inside a schema. */
export const prop = (schema: unknown, ...path: string[]): unknown =>
  path.reduce((node, key) => {
    const next = (node as Record<string, unknown>)[key];
    if (next === undefined) throw new Error(`no ${key} in ${JSON.stringify(node).slice(0, 80)}`);
    return next;
  }, schema);

/** The `enum` of a schema node, sorted. */
export const enumOf = (schema: unknown): unknown[] => [...((schema as ObjectSchema).enum ?? [])].sort();
