import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { sanitizeOperatorHtml } from './sanitizeOperatorHtml';

/** Operator HTML, sanitised again in the browser against the server's allow-list (defence in depth). */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeOperatorHtml(html), [html]);
  return (
    <Box
      className={className}
      sx={{ '& img': { maxWidth: '100%', height: 'auto' }, '& a': { color: 'primary.main' }, '& p': { my: 1 } }}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
