// Pure, browser-safe exports. Server code compiles with ajv via './create-form-validators' (not re-exported,
// so the storefront never bundles the ajv compiler).
export { FORM_SCHEMAS, FORM_IDS, FORM_SCHEMA_FILES, type FormId } from './form-schemas';
export { crossFieldProblems, cardBin, type FormRuleContext } from './cross-field-rules';
export { formProblems, firstProblemPerField, type SchemaValidateFunction } from './form-problems';
export { cardTokenMessages, type CardTokenErrorItem, type KeyedMessage } from './card-token-errors';
export { allowedBinsOf } from './allowed-bins';
