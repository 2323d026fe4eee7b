import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { formStateOf, shownErrors } from '../../state/formContext';
import { translateText } from '../../i18n/translateText';

/** Only site paths and http(s) links are followed (the event-file checker refuses anything else). */
const SAFE_HREF = /^(\/(?!\/)|https?:\/\/)/;

/**
 * `checkboxLink`: a consent box whose label is the field's label; `ui:options.href`
 * (the field's placeholder in the event file) adds a link to the document, in a new tab.
 * Ticking or unticking counts as touching the field.
 */
export const CheckboxLink = observer(function CheckboxLink(props: WidgetProps) {
  const { id, htmlName, value, required, disabled, readonly, label, hideLabel, autofocus, onChange, onBlur, onFocus, options, rawErrors, registry } = props;
  const { t } = useTranslation();
  const invalid = shownErrors(id, rawErrors, registry).length > 0;
  const state = formStateOf(registry);
  const href = typeof options.href === 'string' && SAFE_HREF.test(options.href) ? options.href : undefined;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1 }}>
      <FormControlLabel
        required={required}
        disabled={disabled || readonly}
        label={hideLabel ? '' : translateText(t, label)}
        sx={{ mr: 0, color: invalid ? 'error.main' : undefined }}
        control={
          <Checkbox
            id={id}
            name={htmlName || id}
            checked={value === true}
            autoFocus={autofocus}
            onChange={(_event, checked) => {
              onChange(checked);
              state?.touch(state.pointerOfId(id));
            }}
            onBlur={() => onBlur(id, value)}
            onFocus={() => onFocus(id, value)}
            color={invalid ? 'error' : 'primary'}
            slotProps={{ input: { 'aria-describedby': ariaDescribedByIds(id), 'aria-invalid': invalid || undefined } }}
          />
        }
      />
      {href ? (
        <Link href={href} target="_blank" rel="noopener noreferrer" variant="body2">
          {t('forms:checkboxLink.open')}
          <Box component="span" sx={visuallyHidden}>
            {' '}
            {t('forms:checkboxLink.newTab')}
          </Box>
        </Link>
      ) : null}
    </Box>
  );
});

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  p: 0,
  m: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
