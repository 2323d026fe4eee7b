import Typography from '@mui/material/Typography';
import type { DescriptionFieldProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { translateText } from '../../i18n/translateText';

/** A field's description (`ui:description`), translated when it is a key. */
export function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  const { t } = useTranslation();
  if (!description) return null;
  return (
    <Typography id={id} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
      {typeof description === 'string' ? translateText(t, description) : description}
    </Typography>
  );
}
