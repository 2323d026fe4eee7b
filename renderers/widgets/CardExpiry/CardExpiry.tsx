import { getTemplate, type WidgetProps } from '@rjsf/utils';
import type { ComponentType } from 'react';
import type { OurInputProps } from '../../templates/BaseInputTemplate/BaseInputTemplate';
import { formatCardExpiry } from './formatCardExpiry';

/** `cardExpiry`: the expiry in short mode, MM/YY (the slash comes by itself). */
export function CardExpiry(props: WidgetProps) {
  const { registry, options } = props;
  const Input = getTemplate('BaseInputTemplate', registry, options) as ComponentType<WidgetProps & OurInputProps>;
  return (
    <Input
      {...props}
      type="text"
      options={{ ...options, inputMode: 'numeric', autocomplete: options.autocomplete ?? 'cc-exp' }}
      normalize={formatCardExpiry}
      placeholder={props.placeholder || 'MM/AA'}
    />
  );
}
