import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { visuallyHidden } from '@mui/utils';
import { useId, useState, type ReactNode } from 'react';
import { NumbersTable } from './NumbersTable';
import { useTranslation } from 'react-i18next';

/**
 * A chart with its text alternative: a caption and a table of the same numbers, read by screen readers and shown
 * on demand ("show the numbers"); the drawing itself is inert (out of the focus order and hidden from
 * assistive technology): the table says the same.
 */
export function DataFigure({ caption, chart, head, rows }: { caption: string; chart: ReactNode; head: string[]; rows: ReactNode[][] }) {
  const { t } = useTranslation('admin');
  const [shown, setShown] = useState(false);
  const tableId = useId();
  return (
    <Box component="figure" sx={{ m: 0, mb: 3 }}>
      <Box component="figcaption" sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        {caption}
        <Button size="small" aria-expanded={shown} aria-controls={tableId} onClick={() => setShown(!shown)}>
          {t(shown ? 'dashboard.hideNumbers' : 'dashboard.showNumbers')}
        </Button>
      </Box>
      {rows.length === 0 ? <p>{t('dashboard.none')}</p> : <Box inert>{chart}</Box>}
      <NumbersTable id={tableId} label={caption} head={head} rows={rows} sx={shown ? undefined : visuallyHidden} />
    </Box>
  );
}
