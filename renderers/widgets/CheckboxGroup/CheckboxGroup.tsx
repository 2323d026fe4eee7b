import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { formStateOf, shownErrors } from '../../state/formContext';
import { translateText } from '../../i18n/translateText';

/**
 * `checkboxes` (a multiselect field): one checkbox per option inside a fieldset named by the
 * field's label, so a screen reader says the question with each option and Tab / Space work
 * as everywhere. The answer is the chosen options in the options' order ([] = no answer).
 */
export const CheckboxGroup = observer(function CheckboxGroup(props: WidgetProps) {
  const { id, value, required, disabled, readonly, label, hideLabel, autofocus, onChange, onBlur, onFocus, options, rawErrors, registry } = props;
  const { t } = useTranslation();
  const invalid = shownErrors(id, rawErrors, registry).length > 0;
  const state = formStateOf(registry);
  const enumOptions = options.enumOptions ?? [];
  const chosen: unknown[] = Array.isArray(value) ? value : [];
  const toggle = (option: unknown, checked: boolean) => {
    const next = enumOptions.map((o) => o.value).filter((v) => (v === option ? checked : chosen.includes(v)));
    onChange(next);
    state?.touch(state.pointerOfId(id));
  };
  return (
    <FormControl component="fieldset" required={required} disabled={disabled || readonly} error={invalid} aria-describedby={ariaDescribedByIds(id)} sx={{ m: 0, p: 0, border: 0, minWidth: 0 }}>
      {hideLabel ? null : (
        <FormLabel component="legend" id={`${id}-label`} sx={{ p: 0 }}>
          {translateText(t, label)}
        </FormLabel>
      )}
      <FormGroup id={id} row>
        {enumOptions.map((option, index) => (
          <FormControlLabel
            key={String(option.value)}
            label={translateText(t, String(option.label))}
            control={
              <Checkbox
                id={`${id}-${index}`}
                name={`${id}-${index}`}
                checked={chosen.includes(option.value)}
                autoFocus={autofocus && index === 0}
                onChange={(_event, checked) => toggle(option.value, checked)}
                onBlur={() => onBlur(id, value)}
                onFocus={() => onFocus(id, value)}
                color={invalid ? 'error' : 'primary'}
                slotProps={{ input: { 'aria-invalid': invalid || undefined } }}
              />
            }
          />
        ))}
      </FormGroup>
    </FormControl>
  );
});
