import type { RJSFSchema } from '@rjsf/utils';

/**
 * The schema rjsf renders: the form's schema without its `if`/`then`/`else` conditions.
 * rjsf resolves a condition by asking the validator about the `if` sub-schema, which a
 * precompiled validator cannot judge (it knows its root schema only); and it needs not:
 * which fields show is read from the schema's `x-visibleWhen` (ObjectFieldTemplate), and the
 * conditions themselves are judged by the precompiled validator on the full schema.
 */
export function withoutConditions(schema: RJSFSchema): RJSFSchema {
  if (!Array.isArray(schema.allOf) || !schema.allOf.some((part) => typeof part === 'object' && part !== null && 'if' in part)) return schema;
  const { allOf, ...rest } = schema;
  const kept = allOf.filter((part) => !(typeof part === 'object' && part !== null && 'if' in part));
  return kept.length > 0 ? { ...rest, allOf: kept } : rest;
}
