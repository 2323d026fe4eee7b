import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../shared/api';
import { useAdmin } from './useAdmin';

/** Owners: the audit log, newest first, 50 rows a page ("older" loads the next). */
export function AuditPage() {
  const { t, i18n } = useTranslation('admin');
  const { api } = useAdmin();
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const [error, setError] = useState<string>();
  const load = async (before?: number) => {
    try {
      const page = await api.audit(before);
      setEntries((shown) => (before ? [...shown, ...page.entries] : page.entries));
      setNext(page.next_before);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <>
      <Typography component="h1" variant="h5" gutterBottom>{t('audit.title')}</Typography>
      {error && <Alert severity="error">{error}</Alert>}
      <Table size="small" aria-label={t('audit.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('audit.at')}</TableCell>
            <TableCell>{t('audit.who')}</TableCell>
            <TableCell>{t('audit.action')}</TableCell>
            <TableCell>{t('audit.target')}</TableCell>
            <TableCell>{t('audit.address')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {entries.map((entry) => (
            <TableRow key={entry.id}>
              <TableCell>{new Date(entry.at).toLocaleString(i18n.language)}</TableCell>
              <TableCell>{entry.operator_email ?? t(`audit.actor.${entry.actor}`)}</TableCell>
              <TableCell>{entry.action}{entry.detail ? ` ${JSON.stringify(entry.detail)}` : ''}</TableCell>
              <TableCell>{entry.target ?? ''}</TableCell>
              <TableCell>{entry.address ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {next !== null && <Button onClick={() => void load(next)} sx={{ mt: 2 }}>{t('audit.older')}</Button>}
    </>
  );
}
