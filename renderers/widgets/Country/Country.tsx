import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { observer } from 'mobx-react-lite';
import { useMemo, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { countryChoices } from './countryChoices';
import { formStateOf } from '../../state/formContext';
import { translateText } from '../../i18n/translateText';
import { OutlinedField, useOutlinedField } from '../../templates/OutlinedField/OutlinedField';

/**
 * `country`: a native select of the schema's ISO 3166 codes, named in the form's language by
 * the browser's own `Intl.DisplayNames` (no country list shipped), Mexico first, then
 * alphabetical in that language. The answer is the code (`MX`).
 */
export const Country = observer(function Country(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, placeholder, onChange, onBlur, onFocus, options, registry } = props;
  const { t, i18n } = useTranslation();
  const { invalid, shownLabel } = useOutlinedField(props);
  const state = formStateOf(registry);
  const codes = useMemo(() => (options.enumOptions ?? []).map((option) => String(option.value)), [options.enumOptions]);
  const choices = useMemo(() => countryChoices(codes, i18n.language), [codes, i18n.language]);
  return (
    <OutlinedField id={id} shownLabel={shownLabel} invalid={invalid} required={required} disabled={disabled || readonly} shrink>
      <NativeSelect
        input={<OutlinedInput label={shownLabel} notched />}
        id={id}
        name={htmlName || id}
        autoFocus={autofocus}
        fullWidth
        value={typeof value === 'string' ? value : ''}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => {
          onChange(event.target.value === '' ? options.emptyValue : event.target.value);
          state?.touch(state.pointerOfId(id));
        }}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
        inputProps={{ error: invalid, 'aria-describedby': ariaDescribedByIds(id) }}
      >
        <option value="">{placeholder ? translateText(t, placeholder) : t('forms:country.placeholder')}</option>
        {choices.map((choice) => (
          <option key={choice.code} value={choice.code}>
            {choice.name}
          </option>
        ))}
      </NativeSelect>
    </OutlinedField>
  );
});
