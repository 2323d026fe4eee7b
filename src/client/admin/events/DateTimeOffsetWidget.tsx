import Box from '@mui/material/Box';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formStateOf } from '../../../../renderers/state/formContext';
import { OutlinedField, useOutlinedField } from '../../../../renderers/templates/OutlinedField/OutlinedField';

/** The offsets always offered: Mexico's (Baja California, the Pacific, the centre, Quintana Roo) and UTC. */
export const LISTED_OFFSETS = ['-08:00', '-07:00', '-06:00', '-05:00', 'Z'] as const;
/** The offset a field without a value starts with (central Mexico). */
export const FIRST_OFFSET = '-06:00';

/** A date-time as its wall-clock part (what a `datetime-local` input holds) and its offset (`-06:00`, `Z`, or '' when it has none). */
export function splitDateTime(value: string): { local: string; offset: string } {
  const match = /^(.*?)(Z|[+-]\d{2}:?\d{2})?$/i.exec(value.trim());
  return { local: match?.[1] ?? '', offset: match?.[2]?.toUpperCase() ?? '' };
}

/** The ISO 8601 string of a wall-clock time and an offset, with seconds (a `datetime-local` input leaves out `:00`); undefined when no time. */
export function joinDateTime(local: string, offset: string): string | undefined {
  if (local === '') return undefined;
  const withSeconds = /T\d{2}:\d{2}$/.test(local) ? `${local}:00` : local;
  return `${withSeconds}${offset}`;
}

/** The offsets the select offers for a value with `offset`: Mexico's and UTC, with the value's own first when it is another. */
export function offsetChoices(offset: string): string[] {
  return LISTED_OFFSETS.includes(offset as (typeof LISTED_OFFSETS)[number]) ? [...LISTED_OFFSETS] : [offset, ...LISTED_OFFSETS];
}

/**
 * `format: date-time` in the event editor: the wall-clock time in a `datetime-local` input and the UTC offset in a
 * select beside it (the value's own offset chosen, listed too when not among Mexico's and UTC). The value is
 * written back as ISO 8601 with that offset (`2027-03-13T20:00:00-06:00`), never converted to UTC; an untouched
 * field keeps the file's text exactly, and an emptied time leaves the field without a value.
 */
export const DateTimeOffsetWidget = observer(function DateTimeOffsetWidget(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, onChange, onBlur, onFocus, registry } = props;
  const { t } = useTranslation('admin');
  const { invalid, shownLabel } = useOutlinedField(props);
  const state = formStateOf(registry);
  const written = typeof value === 'string' ? splitDateTime(value) : undefined;
  // With no value yet, the chosen offset waits here for the time that will carry it.
  const [pending, setPending] = useState(FIRST_OFFSET);
  const local = written?.local ?? '';
  const offset = written && written.local !== '' ? written.offset : pending;
  const offsets = offsetChoices(offset);
  const offsetId = `${id}-offset`;
  // Both controls are named after the field, even where rjsf hides its label.
  const label = shownLabel ?? props.label;
  const touch = () => state?.touch(state.pointerOfId(id));
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)', gap: 1 }}>
      <OutlinedField id={id} shownLabel={t('events.editor.dateTime.local', { label })} invalid={invalid} required={required} disabled={disabled || readonly} shrink>
        <OutlinedInput
          id={id}
          name={htmlName || id}
          label={t('events.editor.dateTime.local', { label })}
          notched
          type="datetime-local"
          autoFocus={autofocus}
          value={local}
          onChange={(event) => onChange(joinDateTime(event.target.value, offset))}
          onBlur={() => onBlur(id, value)}
          onFocus={() => onFocus(id, value)}
          inputProps={{ step: 1, 'aria-describedby': ariaDescribedByIds(id) }}
        />
      </OutlinedField>
      <OutlinedField id={offsetId} shownLabel={t('events.editor.dateTime.offset', { label })} invalid={invalid} disabled={disabled || readonly} shrink>
        <NativeSelect
          input={<OutlinedInput label={t('events.editor.dateTime.offset', { label })} notched />}
          id={offsetId}
          value={offset}
          onChange={(event) => {
            if (local === '') setPending(event.target.value);
            else onChange(joinDateTime(local, event.target.value));
            touch();
          }}
          onBlur={() => onBlur(id, value)}
          inputProps={{ 'aria-describedby': ariaDescribedByIds(id) }}
        >
          {offset === '' && <option value="">{t('events.editor.dateTime.noOffset')}</option>}
          {offsets.filter((o) => o !== '').map((o) => (
            <option key={o} value={o}>{o === 'Z' ? 'UTC' : `UTC${o}`}</option>
          ))}
        </NativeSelect>
      </OutlinedField>
    </Box>
  );
});
