import BooleanField from '@rjsf/core/lib/components/fields/BooleanField.js';
import FallbackField from '@rjsf/core/lib/components/fields/FallbackField.js';
import NullField from '@rjsf/core/lib/components/fields/NullField.js';
import NumberField from '@rjsf/core/lib/components/fields/NumberField.js';
import ObjectField from '@rjsf/core/lib/components/fields/ObjectField.js';
import SchemaField from '@rjsf/core/lib/components/fields/SchemaField.js';
import StringField from '@rjsf/core/lib/components/fields/StringField.js';
import type { RegistryFieldsType } from '@rjsf/utils';

/**
 * rjsf's default fields, less those our forms cannot reach (docs/decisions/016-page-weight.md):
 * the layout-grid fields (only named by `ui:field`), the anyOf/oneOf field, the cyclic-`$ref`
 * field and the optional-data controls (a uiSchema option). Our schemas are plain objects,
 * arrays, strings, numbers and booleans (tests/unit/renderers/form-engine-shims.test.ts); the
 * fallback for a schema without a known type stays. The array field comes with the parts a form
 * with an array (a multiselect) loads first (renderers/formParts.ts).
 */
export default function fields(): RegistryFieldsType {
  return { BooleanField, FallbackField, NullField, NumberField, ObjectField, SchemaField, StringField } as unknown as RegistryFieldsType;
}
