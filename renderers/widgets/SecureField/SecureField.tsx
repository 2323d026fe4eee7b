import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import SvgIcon from '@mui/material/SvgIcon';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { WidgetProps } from '@rjsf/utils';
import { useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { translateText } from '../../i18n/translateText';
import { CVV_TOOLTIP_DELAY_MS } from '../Cvv/Cvv';
import { SecureFieldContext } from './SecureFieldContext';

/**
 * `secureField`: a container where the payment provider mounts its own field
 * (`"ui:options": { "field": "cardNumber" | "expirationDate" | "securityCode" }`). The
 * card data stays in the provider's iframe; this form never holds its value. The iframe
 * carries the accessible name; the visible label above it says the same. `ui:options.help`
 * (the security code) adds the code's help button, whose tooltip opens after 200 ms.
 */
export function SecureField(props: WidgetProps) {
  const { id, label, options, rawErrors } = props;
  const { t } = useTranslation();
  const host = useContext(SecureFieldContext);
  const field = String(options.field ?? props.name);
  const text = translateText(t, label) ?? '';
  const containerId = `${id}-secure`;

  useEffect(() => (host ? host.mount(field, containerId, text) : undefined), [host, field, containerId, text]);

  const invalid = (rawErrors?.length ?? 0) > 0;
  return (
    <Box>
      <Typography component="div" id={`${id}-label`} variant="body2" sx={{ mb: 0.5, color: invalid ? 'error.main' : 'text.secondary' }}>
        {text}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Box
          id={containerId}
          data-secure-field={field}
          sx={{
            flex: 1,
            height: 48,
            px: 1.5,
            border: 1,
            borderColor: invalid ? 'error.main' : 'grey.500',
            borderRadius: 1,
            '&:focus-within': { borderColor: 'primary.main', boxShadow: (theme) => `0 0 0 1px ${theme.palette.primary.main}` },
            '& iframe': { width: '100%', height: '100%', border: 0, display: 'block' },
          }}
        />
        {options.help ? (
          <Tooltip title={t('forms:cvv.tooltip')} enterDelay={CVV_TOOLTIP_DELAY_MS} enterTouchDelay={CVV_TOOLTIP_DELAY_MS} describeChild>
            <IconButton aria-label={t('forms:cvv.help')} size="small">
              <SvgIcon fontSize="small" aria-hidden>
                <path d="M11 18h2v-2h-2zm1-16C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.41 0-8-3.59-8-8s3.59-8 8-8 8 3.59 8 8-3.59 8-8 8m0-14c-2.21 0-4 1.79-4 4h2c0-1.1.9-2 2-2s2 .9 2 2c0 2-3 1.75-3 5h2c0-2.25 3-2.5 3-5 0-2.21-1.79-4-4-4" />
              </SvgIcon>
            </IconButton>
          </Tooltip>
        ) : null}
      </Box>
    </Box>
  );
}
