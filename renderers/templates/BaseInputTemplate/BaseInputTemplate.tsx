import OutlinedInput from '@mui/material/OutlinedInput';
import { ariaDescribedByIds, getInputProps, type BaseInputTemplateProps } from '@rjsf/utils';
import { observer } from 'mobx-react-lite';
import type { ChangeEvent, FocusEvent, HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateText } from '../../i18n/translateText';
import { OutlinedField, useOutlinedField } from '../OutlinedField/OutlinedField';

/** Extra props our own widgets pass to the input template. */
export interface OurInputProps {
  /** Shown at the end of the input (e.g. the security-code help). */
  endAdornment?: ReactNode;
  /** Rewrites what was typed before it becomes the value (digits only, grouping, …). */
  normalize?: (typed: string) => string;
}

/**
 * The MUI text input every text-like widget uses: the label is tied to the input, the
 * error line is in its aria-describedby, and aria-invalid follows the SHOWN errors.
 * `ui:options`: `maxLength` (HTML limit), `inputMode`, `digitsOnly`, `inputType`, `autocomplete`.
 */
export const BaseInputTemplate = observer(function BaseInputTemplate(props: BaseInputTemplateProps & OurInputProps) {
  const {
    id, htmlName, placeholder, required, readonly, disabled, type, value, onChange, onChangeOverride, onBlur, onFocus, autofocus, options, schema, endAdornment, normalize,
  } = props;
  const { t } = useTranslation();
  const { invalid, shownLabel } = useOutlinedField(props);
  const { step, min, max, accept: _accept, ...inputProps } = getInputProps(schema, type, options);
  const digitsOnly = options.digitsOnly === true;
  const maxLength = typeof options.maxLength === 'number' ? options.maxLength : undefined;
  const toValue = (typed: string) => {
    let next = normalize ? normalize(typed) : typed;
    if (digitsOnly) next = next.replace(/\D/g, '');
    if (maxLength !== undefined && (normalize || digitsOnly)) next = next.slice(0, maxLength);
    return next;
  };
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = toValue(event.target.value);
    onChange(next === '' ? options.emptyValue : next);
  };
  const shownValue = value || value === 0 ? value : '';
  // OutlinedField + OutlinedInput is what MUI's TextField renders for an outlined input, without
  // TextField's other imports: 9 KiB gzip on the walk to the attendee form.
  return (
    <OutlinedField id={id} shownLabel={shownLabel} invalid={invalid} required={required} disabled={disabled || readonly}>
      <OutlinedInput
        id={id}
        name={htmlName || id}
        label={shownLabel}
        placeholder={translateText(t, placeholder)}
        autoFocus={autofocus}
        fullWidth
        value={shownValue}
        onChange={onChangeOverride ?? handleChange}
        onBlur={(event: FocusEvent<HTMLInputElement>) => onBlur(id, event.target.value)}
        onFocus={(event: FocusEvent<HTMLInputElement>) => onFocus(id, event.target.value)}
        type={inputProps.type}
        autoComplete={inputProps.autoComplete}
        endAdornment={endAdornment}
        inputProps={{
          step,
          min,
          max,
          // Grouped or stripped values are capped in toValue: an HTML limit would cut a paste first.
          maxLength: normalize || digitsOnly ? undefined : maxLength,
          inputMode: typeof options.inputMode === 'string' ? (options.inputMode as HTMLAttributes<HTMLInputElement>['inputMode']) : undefined,
          'aria-describedby': ariaDescribedByIds(id),
        }}
      />
    </OutlinedField>
  );
});
