import { getTemplate, type WidgetProps } from '@rjsf/utils';
import type { ComponentType } from 'react';
import type { OurInputProps } from '../../templates/BaseInputTemplate/BaseInputTemplate';
import { TELEFONO_MAX_DIGITS, telefonoValue } from './telefonoValue';

/** `telefono`: a phone input that strips non-digits and stops at the schema's maxLength (10 by default). */
export function Telefono(props: WidgetProps) {
  const { registry, options, schema } = props;
  const Input = getTemplate('BaseInputTemplate', registry, options) as ComponentType<WidgetProps & OurInputProps>;
  const maxDigits = typeof schema.maxLength === 'number' ? schema.maxLength : TELEFONO_MAX_DIGITS;
  return (
    <Input
      {...props}
      type="tel"
      options={{ ...options, inputMode: 'numeric', autocomplete: options.autocomplete ?? 'tel-national' }}
      normalize={(typed) => telefonoValue(typed, maxDigits)}
    />
  );
}
