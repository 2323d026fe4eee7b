import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../components/Panel';
import { StepGuard } from '../components/StepGuard';
import { StepNavigation } from '../components/StepNavigation';

/** `/{url}/form`: guarded placeholder; the attendee form engine arrives with its own issue. */
export default function FormPage() {
  const { t } = useTranslation('checkout');
  const titleId = useId();
  return (
    <StepGuard step="information">
      <Panel labelledBy={titleId}>
        <Typography id={titleId} variant="h1" component="h1" sx={{ mb: 1 }}>
          {t('form.title')}
        </Typography>
        <Typography color="text.secondary">{t('form.pending')}</Typography>
        <StepNavigation step="information" />
      </Panel>
    </StepGuard>
  );
}
