import ArrayField from '@rjsf/core/lib/components/fields/ArrayField.js';
import ArrayFieldDescriptionTemplate from '@rjsf/core/lib/components/templates/ArrayFieldDescriptionTemplate.js';
import ArrayFieldItemButtonsTemplate from '@rjsf/core/lib/components/templates/ArrayFieldItemButtonsTemplate.js';
import ArrayFieldItemTemplate from '@rjsf/core/lib/components/templates/ArrayFieldItemTemplate.js';
import ArrayFieldTemplate from '@rjsf/core/lib/components/templates/ArrayFieldTemplate.js';
import ArrayFieldTitleTemplate from '@rjsf/core/lib/components/templates/ArrayFieldTitleTemplate.js';
import ButtonTemplates from '@rjsf/core/lib/components/templates/ButtonTemplates/index.js';
import type { RegistryFieldsType, TemplatesType } from '@rjsf/utils';
import type { FormParts } from './formParts';
import { asWidget } from './registry';
import { CheckboxGroup } from './widgets/CheckboxGroup/CheckboxGroup';
import { Country } from './widgets/Country/Country';
import { DateInput } from './widgets/DateInput/DateInput';
import { UpperCode } from './widgets/UpperCode/UpperCode';

/** What renderers/formParts.ts loads for the forms that need it (the names match LAZY_WIDGET_NAMES). */
export const formParts: FormParts = {
  fields: { ArrayField } as unknown as RegistryFieldsType,
  templates: {
    ArrayFieldDescriptionTemplate,
    ArrayFieldItemTemplate,
    ArrayFieldItemButtonsTemplate,
    ArrayFieldTemplate,
    ArrayFieldTitleTemplate,
    ButtonTemplates: ButtonTemplates(),
  } as unknown as Partial<TemplatesType>,
  widgets: {
    date: asWidget(DateInput, 'DateInput'),
    checkboxes: asWidget(CheckboxGroup, 'CheckboxGroup'),
    country: asWidget(Country, 'Country'),
    upperCode: UpperCode,
  },
};
