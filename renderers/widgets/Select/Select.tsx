import TextField from '@mui/material/TextField';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { observer } from 'mobx-react-lite';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formStateOf, shownErrors } from '../../state/formContext';
import { translateText } from '../../i18n/translateText';

/**
 * `select`: a native select (keyboard, screen readers and phones get the system list),
 * with an empty first option ('Elige una opción' or the placeholder) that reads as "no answer".
 * Choosing counts as touching the field.
 */
export const Select = observer(function Select(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, label, hideLabel, autofocus, placeholder, onChange, onBlur, onFocus, options, rawErrors, registry } = props;
  const { t } = useTranslation();
  const invalid = shownErrors(id, rawErrors, registry).length > 0;
  const state = formStateOf(registry);
  const enumOptions = options.enumOptions ?? [];
  const selected = enumOptions.findIndex((option) => option.value === value);
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const index = event.target.value === '' ? -1 : Number(event.target.value);
    onChange(index === -1 ? options.emptyValue : enumOptions[index]?.value);
    state?.touch(state.pointerOfId(id));
  };
  return (
    <TextField
      select
      id={id}
      name={htmlName || id}
      label={hideLabel ? undefined : translateText(t, label)}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      fullWidth
      value={selected === -1 ? '' : String(selected)}
      error={invalid}
      onChange={handleChange}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      slotProps={{
        select: { native: true },
        inputLabel: { shrink: true },
        htmlInput: { 'aria-describedby': ariaDescribedByIds(id) },
      }}
    >
      <option value="">{placeholder ? translateText(t, placeholder) : t('forms:select.placeholder')}</option>
      {enumOptions.map((option, index) => (
        <option key={String(option.value)} value={String(index)}>
          {translateText(t, String(option.label))}
        </option>
      ))}
    </TextField>
  );
});
