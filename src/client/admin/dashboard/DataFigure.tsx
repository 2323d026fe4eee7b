import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { visuallyHidden } from '@mui/utils';
import { useId, useState, type ReactNode } from 'react';
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
      <Table id={tableId} size="small" aria-label={caption} sx={shown ? undefined : visuallyHidden}>
        <TableHead>
          <TableRow>{head.map((label) => <TableCell key={label}>{label}</TableCell>)}</TableRow>
        </TableHead>
        <TableBody>
          {rows.map((cells, row) => (
            <TableRow key={row}>{cells.map((cell, column) => <TableCell key={column}>{cell}</TableCell>)}</TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
