import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { StepId } from '../flow/checkoutFlow';
import { Panel } from './Panel';

/** The steps whose page opens with a panel of its heading and introduction, and their strings (checkout namespace). */
const HEADINGS: Partial<Record<StepId, { title: string; intro: string }>> = {
  information: { title: 'checkout:form.title', intro: 'checkout:form.intro' },
  payment: { title: 'checkout:payment.title', intro: 'checkout:payment.intro' },
};

/**
 * While the attendee form or the payment step loads (its chunk, the held purchase after a
 * refresh), the panel its page opens with — the same heading and introduction at the same place,
 * as the server's first view draws them (src/server/storefront/first-view.ts) — so the step's
 * heading stays on screen from the first paint and the page arrives below it.
 */
export function PendingStepHeading({ step }: { step: StepId | undefined }) {
  const { t } = useTranslation();
  const titleId = useId();
  const heading = step ? HEADINGS[step] : undefined;
  if (!heading) return null;
  return (
    <Panel labelledBy={titleId}>
      <Typography id={titleId} variant="h1" component="h1" sx={{ mb: 1 }}>
        {t(heading.title)}
      </Typography>
      <Typography color="text.secondary">{t(heading.intro)}</Typography>
    </Panel>
  );
}
