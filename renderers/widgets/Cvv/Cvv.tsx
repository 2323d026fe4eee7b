import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import SvgIcon from '@mui/material/SvgIcon';
import Tooltip from '@mui/material/Tooltip';
import { getTemplate, type WidgetProps } from '@rjsf/utils';
import { computed } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useMemo, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { formStateOf } from '../../state/formContext';
import type { OurInputProps } from '../../templates/BaseInputTemplate/BaseInputTemplate';
import { cvvLength, cvvValue } from './cvvLength';

/** The card form's help tooltip opens after 200 ms (docs/product-rules.md, *Timings and display constants*). */
export const CVV_TOOLTIP_DELAY_MS = 200;

/**
 * `cvv`: the security code, digits only — 3, or 4 for American Express (the sibling
 * `cardNumber` starts with 34/37, or `ui:options.amex`); `ui:options.maxLength` wins.
 * A help button opens a tooltip after 200 ms (hover, focus or touch).
 */
export const Cvv = observer(function Cvv(props: WidgetProps) {
  const { registry, options } = props;
  const { t } = useTranslation();
  const Input = getTemplate('BaseInputTemplate', registry, options) as ComponentType<WidgetProps & OurInputProps>;
  const state = formStateOf(registry);
  // Re-render only when the length changes, not on every keystroke in the card number.
  const length = useMemo(
    () => computed(() => cvvLength(options as { maxLength?: unknown; amex?: unknown }, (state?.formData as Record<string, unknown> | undefined)?.[String(options.cardNumberField ?? 'cardNumber')])),
    [state, options.maxLength, options.amex, options.cardNumberField],
  ).get();
  const help = t('forms:cvv.help');
  return (
    <Input
      {...props}
      type="text"
      options={{ ...options, inputMode: 'numeric', autocomplete: options.autocomplete ?? 'cc-csc' }}
      normalize={(typed) => cvvValue(typed, length)}
      endAdornment={
        <InputAdornment position="end">
          <Tooltip title={t('forms:cvv.tooltip')} enterDelay={CVV_TOOLTIP_DELAY_MS} enterTouchDelay={CVV_TOOLTIP_DELAY_MS} describeChild>
            <IconButton aria-label={help} edge="end" size="small">
              <SvgIcon fontSize="small" aria-hidden>
                <path d="M11 18h2v-2h-2zm1-16C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8m0-14c-2.21 0-4 1.79-4 4h2c0-1.1.9-2 2-2s2 .9 2 2c0 2-3 1.75-3 5h2c0-2.25 3-2.5 3-5 0-2.21-1.79-4-4-4" />
              </SvgIcon>
            </IconButton>
          </Tooltip>
        </InputAdornment>
      }
    />
  );
});
