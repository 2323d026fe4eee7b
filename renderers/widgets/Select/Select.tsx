import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { observer } from 'mobx-react-lite';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formStateOf } from '../../state/formContext';
import { translateText } from '../../i18n/translateText';
import { OutlinedField, useOutlinedField } from '../../templates/OutlinedField/OutlinedField';

/**
 * `select`: a native select (keyboard, screen readers and phones get the system list),
 * with an empty first option ('Elige una opción' or the placeholder) that reads as "no answer".
 * Choosing counts as touching the field.
 */
export const Select = observer(function Select(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, placeholder, onChange, onBlur, onFocus, options, registry } = props;
  const { t } = useTranslation();
  const { invalid, shownLabel } = useOutlinedField(props);
  const state = formStateOf(registry);
  const enumOptions = options.enumOptions ?? [];
  const selected = enumOptions.findIndex((option) => option.value === value);
  const handleChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const index = event.target.value === '' ? -1 : Number(event.target.value);
    onChange(index === -1 ? options.emptyValue : enumOptions[index]?.value);
    state?.touch(state.pointerOfId(id));
  };
  // What MUI's TextField renders for `select` + `native`, composed from its parts (TextField
  // would bring the menu-based Select, its popover and modal: docs/decisions/016-page-weight.md).
  return (
    <OutlinedField id={id} shownLabel={shownLabel} invalid={invalid} required={required} disabled={disabled || readonly} shrink>
      <NativeSelect
        input={<OutlinedInput label={shownLabel} notched />}
        id={id}
        name={htmlName || id}
        autoFocus={autofocus}
        fullWidth
        value={selected === -1 ? '' : String(selected)}
        onChange={handleChange}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
        inputProps={{ error: invalid, 'aria-describedby': ariaDescribedByIds(id) }}
      >
        <option value="">{placeholder ? translateText(t, placeholder) : t('forms:select.placeholder')}</option>
        {enumOptions.map((option, index) => (
          <option key={String(option.value)} value={String(index)}>
            {translateText(t, String(option.label))}
          </option>
        ))}
      </NativeSelect>
    </OutlinedField>
  );
});
