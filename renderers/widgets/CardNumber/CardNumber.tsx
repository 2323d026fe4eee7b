import { getTemplate, type WidgetProps } from '@rjsf/utils';
import type { ComponentType } from 'react';
import type { OurInputProps } from '../../templates/BaseInputTemplate/BaseInputTemplate';
import { formatCardNumber } from './formatCardNumber';

/** `cardNumber`: digits only, 16 at most, shown (and kept) in groups of four. */
export function CardNumber(props: WidgetProps) {
  const { registry, options } = props;
  const Input = getTemplate('BaseInputTemplate', registry, options) as ComponentType<WidgetProps & OurInputProps>;
  return (
    <Input
      {...props}
      type="text"
      options={{ ...options, inputMode: 'numeric', autocomplete: options.autocomplete ?? 'cc-number' }}
      normalize={(typed) => formatCardNumber(typed)}
    />
  );
}
