import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { TaggedText } from '../../i18n/TaggedText';
import { useStores } from '../../StoreContext';

/** A link to a legal page of the main site, in a new tab (said to screen readers). */
function LegalLink({ href, children }: { href: string; children?: ReactNode }) {
  const { t } = useTranslation('checkout');
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <VisuallyHidden> {t('form.newTab')}</VisuallyHidden>
    </Link>
  );
}

/** The terms line every form shows: terms and privacy notice, both on the main site. */
export const TermsLine = observer(function TermsLine() {
  const { t } = useTranslation('checkout');
  const { ui } = useStores();
  const base = (ui.appConfig?.mainSiteUrl ?? '').replace(/\/$/, '');
  return (
    <Typography variant="body2" color="text.secondary">
      <TaggedText
        text={t('form.terms')}
        components={{
          termsLink: <LegalLink href={`${base}/terms-and-conditions`} />,
          privacyLink: <LegalLink href={`${base}/privacy-policy`} />,
        }}
      />
    </Typography>
  );
});
