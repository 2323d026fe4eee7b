import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { observer } from 'mobx-react-lite';
import { useMemo, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { countryChoices } from './countryChoices';
import { formStateOf, shownErrors } from '../../state/formContext';
import { translateText } from '../../i18n/translateText';

/**
 * `country`: a native select of the schema's ISO 3166 codes, named in the form's language by
 * the browser's own `Intl.DisplayNames` (no country list shipped), Mexico first, then
 * alphabetical in that language. The answer is the code (`MX`).
 */
export const Country = observer(function Country(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, label, hideLabel, autofocus, placeholder, onChange, onBlur, onFocus, options, rawErrors, registry } = props;
  const { t, i18n } = useTranslation();
  const invalid = shownErrors(id, rawErrors, registry).length > 0;
  const state = formStateOf(registry);
  const codes = useMemo(() => (options.enumOptions ?? []).map((option) => String(option.value)), [options.enumOptions]);
  const choices = useMemo(() => countryChoices(codes, i18n.language), [codes, i18n.language]);
  const shownLabel = hideLabel ? undefined : translateText(t, label);
  return (
    <FormControl fullWidth required={required} disabled={disabled || readonly} error={invalid}>
      {shownLabel ? (
        <InputLabel htmlFor={id} id={`${id}-label`} shrink>
          {shownLabel}
        </InputLabel>
      ) : null}
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
    </FormControl>
  );
});
