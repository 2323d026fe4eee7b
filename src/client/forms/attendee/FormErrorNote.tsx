import Box from '@mui/material/Box';
import { darken, lighten } from '@mui/material/styles';
import SvgIcon from '@mui/material/SvgIcon';
import type { ReactNode } from 'react';

/**
 * The form page's two error messages (the form did not load; some field has an error) with the
 * look of MUI's error `Alert` — role `alert`, the error-outline icon, its colours and spacing —
 * without `Alert` itself, which brings Paper, four more icons and a close button into the walk to
 * the form for two messages most buyers never see (docs/decisions/016-page-weight.md).
 */
export function FormErrorNote({ children, action, outlined = false }: { children: ReactNode; action?: ReactNode; outlined?: boolean }) {
  return (
    <Box
      role="alert"
      sx={(theme) => ({
        ...theme.typography.body2,
        display: 'flex',
        px: 2,
        py: '6px',
        borderRadius: `${theme.shape.borderRadius}px`,
        color: darken(theme.palette.error.light, 0.6),
        ...(outlined ? { border: `1px solid ${theme.palette.error.light}` } : { backgroundColor: lighten(theme.palette.error.light, 0.9) }),
      })}
    >
      <SvgIcon aria-hidden sx={{ mr: '12px', py: '7px', fontSize: 22, opacity: 0.9, color: 'error.main', boxSizing: 'content-box' }}>
        <path d="M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8" />
      </SvgIcon>
      <Box sx={{ py: 1, minWidth: 0, overflow: 'auto' }}>{children}</Box>
      {action ? <Box sx={{ display: 'flex', alignItems: 'flex-start', pt: '4px', pl: 2, ml: 'auto', mr: -1 }}>{action}</Box> : null}
    </Box>
  );
}
