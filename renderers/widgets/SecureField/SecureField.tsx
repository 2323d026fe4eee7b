import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { WidgetProps } from '@rjsf/utils';
import { useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { translateText } from '../../i18n/translateText';
import { SecureFieldContext } from './SecureFieldContext';

/**
 * `secureField`: a container where the payment provider mounts its own field
 * (`"ui:options": { "field": "cardNumber" | "expirationDate" | "securityCode" }`). The
 * card data stays in the provider's iframe; this form never holds its value. The iframe
 * carries the accessible name; the visible label above it says the same.
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
      <Box
        id={containerId}
        data-secure-field={field}
        sx={{
          height: 48,
          px: 1.5,
          border: 1,
          borderColor: invalid ? 'error.main' : 'grey.500',
          borderRadius: 1,
          '&:focus-within': { borderColor: 'primary.main', boxShadow: (theme) => `0 0 0 1px ${theme.palette.primary.main}` },
          '& iframe': { width: '100%', height: '100%', border: 0, display: 'block' },
        }}
      />
    </Box>
  );
}
