import Typography from '@mui/material/Typography';
import type { TitleFieldProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { translateText } from '../../i18n/translateText';

/** Titles of nested objects (our forms are flat; pages title the form themselves). */
export function TitleFieldTemplate({ id, title }: TitleFieldProps) {
  const { t } = useTranslation();
  return (
    <Typography id={id} variant="h3" component="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
      {translateText(t, title)}
    </Typography>
  );
}
