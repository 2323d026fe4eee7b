import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { formStateOf, shownErrors } from '../../state/formContext';
import { translateText } from '../../i18n/translateText';

/**
 * `radioChoice` (one answer of a short list, e.g. a card plan): a radio group inside a fieldset
 * named by the field's label; the arrow keys move between the options as everywhere. The
 * options are the schema's `enum` with `ui:enumNames` as their words.
 */
export const RadioChoice = observer(function RadioChoice(props: WidgetProps) {
  const { id, value, required, disabled, readonly, label, hideLabel, onChange, onBlur, onFocus, options, rawErrors, registry } = props;
  const { t } = useTranslation();
  const invalid = shownErrors(id, rawErrors, registry).length > 0;
  const state = formStateOf(registry);
  const enumOptions = options.enumOptions ?? [];
  const selected = enumOptions.findIndex((option) => option.value === value);
  const choose = (index: number) => {
    onChange(enumOptions[index]?.value);
    state?.touch(state.pointerOfId(id));
  };
  return (
    <FormControl component="fieldset" required={required} disabled={disabled || readonly} error={invalid} sx={{ m: 0, p: 0, border: 0, minWidth: 0 }}>
      {hideLabel ? null : (
        <FormLabel component="legend" id={`${id}-label`} sx={{ p: 0 }}>
          {translateText(t, label)}
        </FormLabel>
      )}
      <RadioGroup
        id={id}
        name={id}
        aria-labelledby={hideLabel ? undefined : `${id}-label`}
        aria-describedby={ariaDescribedByIds(id)}
        value={selected === -1 ? '' : String(selected)}
        onChange={(_event, next) => choose(Number(next))}
      >
        {enumOptions.map((option, index) => (
          <FormControlLabel
            key={String(option.value)}
            value={String(index)}
            label={translateText(t, String(option.label))}
            control={<Radio id={`${id}-${index}`} onBlur={() => onBlur(id, value)} onFocus={() => onFocus(id, value)} />}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
});
