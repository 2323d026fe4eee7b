import { mergeAllOfForRendering } from '../SchemaForm/mergeAllOfForRendering';

/**
 * Stands in for rjsf's `schema/shallowAllOfMerge.js` (scripts/vite-plugin-form-engine-trim.js,
 * docs/decisions/016-page-weight.md), which brings a general JSON Schema merger
 * (@x0k/json-schema-merge) that rjsf only calls when a form gives no
 * `experimental_customMergeAllOf`. `<SchemaForm>` always gives one: this is the same merge.
 */
export default mergeAllOfForRendering;
