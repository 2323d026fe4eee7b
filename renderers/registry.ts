import type { RegistryWidgetsType, TemplatesType, WidgetProps } from '@rjsf/utils';
import { createElement, type ComponentType } from 'react';
import { BaseInputTemplate } from './templates/BaseInputTemplate/BaseInputTemplate';
import { DescriptionFieldTemplate } from './templates/DescriptionFieldTemplate/DescriptionFieldTemplate';
import { FieldErrorTemplate } from './templates/FieldErrorTemplate/FieldErrorTemplate';
import { FieldTemplate } from './templates/FieldTemplate/FieldTemplate';
import { ObjectFieldTemplate } from './templates/ObjectFieldTemplate/ObjectFieldTemplate';
import { TitleFieldTemplate } from './templates/TitleFieldTemplate/TitleFieldTemplate';
import { CheckboxLink } from './widgets/CheckboxLink/CheckboxLink';
import { LAZY_WIDGET_NAMES } from './formParts';
import { FileImage } from './widgets/FileImage/FileImage';
import { Select } from './widgets/Select/Select';
import { Telefono } from './widgets/Telefono/Telefono';
import { Textarea } from './widgets/Textarea/Textarea';
import { EmailWidget, TextWidget } from './widgets/Text/TextWidgets';

/**
 * rjsf accepts function components as widgets but not `memo` objects (which MobX
 * `observer` returns): a plain function in front of each keeps the observer inside.
 */
export function asWidget(component: ComponentType<WidgetProps>, name: string): ComponentType<WidgetProps> {
  const Widget = (props: WidgetProps) => createElement(component, props);
  Widget.displayName = name;
  return Widget;
}

/**
 * Our widgets by the names uiSchemas use (the card forms' widgets are apart, in
 * paymentWidgets.ts, so the attendee form's chunk does not carry them) (`"ui:widget": "telefono"`); schemas never name
 * a component. rjsf's own default names are mapped to ours too, so a field without
 * `ui:widget` (a plain string, a number, an enum, a boolean) still gets our MUI inputs.
 */
const SelectWidget = asWidget(Select, 'Select');
const CheckboxLinkWidget = asWidget(CheckboxLink, 'CheckboxLink');

export const widgets: RegistryWidgetsType = {
  telefono: Telefono,
  fileImage: asWidget(FileImage, 'FileImage'),
  checkboxLink: CheckboxLinkWidget,
  select: SelectWidget,
  email: EmailWidget,
  textarea: asWidget(Textarea, 'Textarea'),
  TextWidget,
  EmailWidget,
  SelectWidget,
  CheckboxWidget: CheckboxLinkWidget,
};

/** The names above and the lazily loaded ones (renderers/formParts.ts), for checks (uiSchemas may only name these). */
export const WIDGET_NAMES = [...Object.keys(widgets), ...LAZY_WIDGET_NAMES];

/** Our templates; rjsf's core ones fill in what we do not use (arrays, additional properties). */
export const templates: Partial<TemplatesType> = {
  BaseInputTemplate,
  DescriptionFieldTemplate,
  FieldErrorTemplate,
  FieldTemplate,
  ObjectFieldTemplate,
  TitleFieldTemplate,
};
