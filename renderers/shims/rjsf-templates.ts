import ArrayFieldDescriptionTemplate from '@rjsf/core/lib/components/templates/ArrayFieldDescriptionTemplate.js';
import ArrayFieldItemButtonsTemplate from '@rjsf/core/lib/components/templates/ArrayFieldItemButtonsTemplate.js';
import ArrayFieldItemTemplate from '@rjsf/core/lib/components/templates/ArrayFieldItemTemplate.js';
import ArrayFieldTemplate from '@rjsf/core/lib/components/templates/ArrayFieldTemplate.js';
import ArrayFieldTitleTemplate from '@rjsf/core/lib/components/templates/ArrayFieldTitleTemplate.js';
import ButtonTemplates from '@rjsf/core/lib/components/templates/ButtonTemplates/index.js';
import FallbackFieldTemplate from '@rjsf/core/lib/components/templates/FallbackFieldTemplate.js';
import FieldHelpTemplate from '@rjsf/core/lib/components/templates/FieldHelpTemplate.js';
import UnsupportedField from '@rjsf/core/lib/components/templates/UnsupportedField.js';
import type { TemplatesType } from '@rjsf/utils';

/**
 * rjsf's default templates, less those our forms never render (docs/decisions/016-page-weight.md):
 * the six renderers/registry.ts replaces (base input, field, field error, object, title,
 * description, with the default field template's additional-properties wrapper), the error list
 * (`<SchemaForm>` sets `showErrorList={false}`) and the templates of the fields the trimmed
 * field registry leaves out (layout grid, anyOf/oneOf, cyclic `$ref`, optional-data controls).
 */
export default function templates(): TemplatesType {
  return {
    ArrayFieldDescriptionTemplate,
    ArrayFieldItemTemplate,
    ArrayFieldItemButtonsTemplate,
    ArrayFieldTemplate,
    ArrayFieldTitleTemplate,
    ButtonTemplates: ButtonTemplates(),
    FallbackFieldTemplate,
    FieldHelpTemplate,
    UnsupportedFieldTemplate: UnsupportedField,
  } as unknown as TemplatesType;
}
