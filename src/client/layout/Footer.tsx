import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import brandLogo from '../assets/brand-logo.svg';
import { useStores } from '../StoreContext';
import { VisuallyHidden } from '../components/VisuallyHidden';

// Legal pages live on the public marketing site (MAIN_SITE_URL), not in the storefront.
const LEGAL_LINKS = [
  ['footer.terms', '/terms-and-conditions'],
  ['footer.purchaseTerms', '/purchase-terms'],
  ['footer.privacy', '/privacy-policy'],
  ['footer.dataSecurity', '/data-security-policy'],
  ['footer.sellPolicy', '/sell-policy'],
] as const;

/** Legal links on the main site and the product logo. */
export const Footer = observer(function Footer() {
  const { t } = useTranslation();
  const { ui } = useStores();
  const base = (ui.appConfig?.mainSiteUrl ?? '').replace(/\/$/, '');
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', mt: 4 }}>
      <Box sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 2, sm: 3 }, py: 3, display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}>
        <Box component="img" src={brandLogo} alt={t('footer.logoAlt')} sx={{ height: 32, width: 'auto' }} />
        <Box component="nav" aria-label={t('footer.label')}>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: { xs: 1.5, sm: 2.5 } }}>
            {LEGAL_LINKS.map(([key, path]) => (
              <li key={path}>
                <Link href={`${base}${path}`} target="_blank" rel="noopener noreferrer" color="text.primary" sx={{ fontSize: '0.875rem' }}>
                  {t(key)}
                  <VisuallyHidden> {t('footer.newTab')}</VisuallyHidden>
                </Link>
              </li>
            ))}
          </Box>
        </Box>
      </Box>
    </Box>
  );
});
