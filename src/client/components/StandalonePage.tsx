import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import brandLogo from '../assets/brand-logo.svg';

/** A centred card with the product logo, for pages outside an event (not found, route error). */
export function StandalonePage({ children, logoAlt }: { children: ReactNode; logoAlt: string }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}>
      <Box sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 2, p: { xs: 3, sm: 5 }, maxWidth: 560, width: '100%', textAlign: 'center' }}>
        <Box component="img" src={brandLogo} alt={logoAlt} sx={{ height: 40, mb: 3 }} />
        {children}
      </Box>
    </Box>
  );
}
