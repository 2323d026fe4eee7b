import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

/** The dashboard's one table of figures: a header row and the rows, named by `label` for screen readers. */
export function NumbersTable({ id, label, head, rows, sx }: { id?: string; label: string; head: string[]; rows: ReactNode[][]; sx?: SxProps<Theme> }) {
  return (
    <Table id={id} size="small" aria-label={label} sx={sx}>
      <TableHead>
        <TableRow>{head.map((cell) => <TableCell key={cell}>{cell}</TableCell>)}</TableRow>
      </TableHead>
      <TableBody>
        {rows.map((cells, row) => (
          <TableRow key={row}>{cells.map((cell, column) => <TableCell key={column}>{cell}</TableCell>)}</TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
