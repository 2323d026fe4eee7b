import OutlinedInput from '@mui/material/OutlinedInput';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { observer } from 'mobx-react-lite';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { displayDate } from '../../../src/shared/attendee-form/message-values';
import { formStateOf } from '../../state/formContext';
import { OutlinedField, useOutlinedField } from '../../templates/OutlinedField/OutlinedField';

/**
 * `date`: the browser's own date input (keyboard entry, a calendar on phones, no date-picker
 * code shipped), bounded by the schema's `earliestDate` / `latestDate`. A native input shows
 * the date in the browser's locale, so the chosen day is also written out in the form's
 * language under it ('14 de marzo de 2026' / 'March 14, 2026').
 */
export const DateInput = observer(function DateInput(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, onChange, onBlur, onFocus, options, schema, registry } = props;
  const { i18n } = useTranslation();
  const { invalid, shownLabel } = useOutlinedField(props);
  const state = formStateOf(registry);
  const bounds = schema as { earliestDate?: string; latestDate?: string };
  const spelled = typeof value === 'string' && value !== '' ? displayDate(value, i18n.language) : undefined;
  return (
    <OutlinedField id={id} shownLabel={shownLabel} invalid={invalid} required={required} disabled={disabled || readonly} shrink>
      <OutlinedInput
        id={id}
        name={htmlName || id}
        label={shownLabel}
        notched
        type="date"
        autoFocus={autofocus}
        value={typeof value === 'string' ? value : ''}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          onChange(event.target.value === '' ? options.emptyValue : event.target.value);
          // A date is chosen in one gesture (or typed whole): judge it at once, like a select.
          if (event.target.value !== '') state?.touch(state.pointerOfId(id));
        }}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
        inputProps={{ min: bounds.earliestDate, max: bounds.latestDate, 'aria-describedby': `${ariaDescribedByIds(id)} ${id}-spelled` }}
      />
      <span id={`${id}-spelled`} style={{ fontSize: '0.75rem', opacity: 0.75, minHeight: '1rem' }}>
        {spelled ?? ''}
      </span>
    </OutlinedField>
  );
});
