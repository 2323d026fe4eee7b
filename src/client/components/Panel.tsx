import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** One white block of the checkout columns. */
export function Panel({ children, label, labelledBy }: { children: ReactNode; label?: string; labelledBy?: string }) {
  return (
    <Box
      component="section"
      aria-label={label}
      aria-labelledby={labelledBy}
      sx={{ bgcolor: 'background.paper', borderRadius: 2, border: 1, borderColor: 'divider', p: { xs: 2, sm: 3 }, mb: 2 }}
    >
      {children}
    </Box>
  );
}
