import OutlinedInput from '@mui/material/OutlinedInput';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { observer } from 'mobx-react-lite';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { translateText } from '../../i18n/translateText';
import { OutlinedField, useOutlinedField } from '../../templates/OutlinedField/OutlinedField';

/**
 * `textarea`: several lines of text (4 rows, growing to 10), stopped at the schema's
 * `maxLength` by the browser itself, with a live "used / allowed" count beside the
 * field's error line so the buyer sees the limit coming.
 */
export const Textarea = observer(function Textarea(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, autofocus, placeholder, onChange, onBlur, onFocus, options, schema } = props;
  const { t } = useTranslation();
  const { invalid, shownLabel } = useOutlinedField(props);
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const text = typeof value === 'string' ? value : '';
  return (
    <OutlinedField id={id} shownLabel={shownLabel} invalid={invalid} required={required} disabled={disabled || readonly}>
      <OutlinedInput
        id={id}
        name={htmlName || id}
        label={shownLabel}
        multiline
        minRows={4}
        maxRows={10}
        placeholder={translateText(t, placeholder)}
        autoFocus={autofocus}
        value={text}
        onChange={(event: ChangeEvent<HTMLTextAreaElement>) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
        inputProps={{ maxLength, 'aria-describedby': `${ariaDescribedByIds(id)} ${id}-count` }}
      />
      {maxLength !== undefined ? (
        <span id={`${id}-count`} style={{ alignSelf: 'flex-end', fontSize: '0.75rem', opacity: 0.75 }}>
          {t('forms:textarea.count', { used: [...text].length, max: maxLength })}
        </span>
      ) : null}
    </OutlinedField>
  );
});
