import Box from '@mui/material/Box';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** Operator HTML, sanitised again in the browser (the server sanitised it too; defence in depth). */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return (
    <Box
      className={className}
      sx={{ '& img': { maxWidth: '100%', height: 'auto' }, '& a': { color: 'primary.main' }, '& p': { my: 1 } }}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
