import type { RJSFSchema } from '@rjsf/utils';

/**
 * rjsf merges `allOf` on every change to know what to render; its generic merger costs
 * milliseconds per keystroke. In our form schemas `allOf` only adds validation (extra
 * patterns with their own messages, judged by the precompiled validator on the original
 * schema), so a shallow merge of the annotations is all rendering needs.
 */
export function mergeAllOfForRendering(schema: RJSFSchema): RJSFSchema {
  const { allOf, ...rest } = schema;
  const parts = (allOf ?? []).filter((part): part is RJSFSchema => typeof part === 'object' && part !== null);
  return Object.assign({}, ...parts, rest) as RJSFSchema;
}
