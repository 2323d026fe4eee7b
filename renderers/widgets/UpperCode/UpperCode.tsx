import { getTemplate, type WidgetProps } from '@rjsf/utils';
import type { ComponentType } from 'react';
import type { OurInputProps } from '../../templates/BaseInputTemplate/BaseInputTemplate';

/** Upper case, no spaces or dashes: how CURP and RFC are written (the schema's pattern wants exactly that). */
export const upperCodeValue = (typed: string): string => typed.toUpperCase().replace(/[\s-]/g, '');

/** `upperCode` (curp, rfc): a text input that upper-cases what is typed or pasted, capped at `ui:options.maxLength`. */
export function UpperCode(props: WidgetProps) {
  const { registry, options } = props;
  const Input = getTemplate('BaseInputTemplate', registry, options) as ComponentType<WidgetProps & OurInputProps>;
  return <Input {...props} options={{ ...options, autocomplete: options.autocomplete ?? 'off' }} normalize={upperCodeValue} />;
}
