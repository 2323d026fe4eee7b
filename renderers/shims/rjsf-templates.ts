import SubmitButton from '@rjsf/core/lib/components/templates/ButtonTemplates/SubmitButton.js';
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
 * The array templates and the add/move/remove/copy buttons come with the array field in the
 * parts a form with an array loads first (renderers/formParts.ts); the submit button stays.
 */
export default function templates(): TemplatesType {
  return {
    ButtonTemplates: { SubmitButton },
    FallbackFieldTemplate,
    FieldHelpTemplate,
    UnsupportedFieldTemplate: UnsupportedField,
  } as unknown as TemplatesType;
}
