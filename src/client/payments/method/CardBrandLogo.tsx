import Box from '@mui/material/Box';
import { usePaymentsTranslation } from '../usePaymentsTranslation';

/** The Amex logo when `config.tarjetas_amex`, the generic cards logo otherwise (shown beside card methods). */
export function CardBrandLogo({ brand }: { brand: 'amex' | 'cards' }) {
  const { t } = usePaymentsTranslation();
  const label = brand === 'amex' ? t('page.amexLogo') : t('page.cardsLogo');
  return (
    <Box component="span" role="img" aria-label={label} title={label} sx={{ display: 'inline-flex', ml: 'auto', mr: 1 }}>
      {brand === 'amex' ? (
        <svg width="48" height="30" viewBox="0 0 48 30" aria-hidden focusable="false">
          <rect width="48" height="30" rx="4" fill="#1f72cd" />
          <text x="24" y="19.5" textAnchor="middle" fontFamily="Arial, sans-serif" fontSize="11" fontWeight="700" fill="#fff">
            AMEX
          </text>
        </svg>
      ) : (
        <svg width="48" height="30" viewBox="0 0 48 30" aria-hidden focusable="false">
          <rect width="48" height="30" rx="4" fill="#37474f" />
          <rect x="0" y="7" width="48" height="5" fill="#263238" />
          <rect x="6" y="18" width="16" height="3" rx="1.5" fill="#cfd8dc" />
          <circle cx="34" cy="21" r="4.5" fill="#eb001b" />
          <circle cx="39" cy="21" r="4.5" fill="#f79e1b" fillOpacity="0.85" />
        </svg>
      )}
    </Box>
  );
}
