import { getTemplate, type WidgetProps } from '@rjsf/utils';

/** Plain text and numbers: the MUI input template as it is. */
export function TextWidget(props: WidgetProps) {
  const Input = getTemplate('BaseInputTemplate', props.registry, props.options);
  return <Input {...props} />;
}

/** `email`: an e-mail keyboard and autocomplete; the address check is the schema's pattern. */
export function EmailWidget(props: WidgetProps) {
  const Input = getTemplate('BaseInputTemplate', props.registry, props.options);
  return <Input {...props} type="email" options={{ ...props.options, inputMode: 'email', autocomplete: props.options.autocomplete ?? 'email' }} />;
}
