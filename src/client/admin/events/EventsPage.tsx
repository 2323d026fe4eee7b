import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { AdminEventSummary } from '../../../shared/api';
import { formatMoney, pesosToCents } from '../../../shared/money';
import { useAdmin } from '../useAdmin';
import { failureMessage } from '../failureMessage';
import { createEventsApi, eventDownloadUrl, type EventFile } from './eventsApi';

/** `/admin/events`: every event the operator may see with its figures; new event, import a file, export each one's file. */
export function EventsPage() {
  const { t, i18n } = useTranslation('admin');
  const { api, operator } = useAdmin();
  const events = useMemo(() => createEventsApi(api), [api]);
  const navigate = useNavigate();
  const [list, setList] = useState<AdminEventSummary[]>([]);
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const canWrite = operator?.permissions.includes('events.write') ?? false;
  const attempt = async (work: () => Promise<unknown>) => {
    try {
      await work();
      setError(undefined);
      setList((await events.list()).events);
    } catch (failure) {
      setError(failureMessage(failure));
    }
  };
  useEffect(() => {
    void attempt(async () => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const create = (event: FormEvent) => {
    event.preventDefault();
    void attempt(async () => {
      const created = await events.create({ url, name });
      navigate(`/admin/events/${encodeURIComponent(created.url)}`);
    });
  };
  const importFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setStatus('');
    void attempt(async () => {
      let parsed: EventFile;
      try {
        parsed = JSON.parse(await file.text()) as EventFile;
      } catch {
        throw new Error(t('events.importNotJson', { file: file.name }));
      }
      if (typeof parsed.url !== 'string') throw new Error(t('events.importNoUrl', { file: file.name }));
      const result = await events.save(parsed.url, parsed);
      setStatus(t('events.imported', { url: result.url, version: result.version }));
    });
  };
  return (
    <>
      <Typography component="h1" variant="h5" gutterBottom>{t('events.title')}</Typography>
      {error && <Alert severity="error">{error}</Alert>}
      <Typography role="status" aria-live="polite">{status}</Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('events.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('events.name')}</TableCell>
              <TableCell>{t('events.url')}</TableCell>
              <TableCell>{t('events.date')}</TableCell>
              <TableCell align="right">{t('events.sold')}</TableCell>
              <TableCell align="right">{t('events.held')}</TableCell>
              <TableCell align="right">{t('events.checkedIn')}</TableCell>
              <TableCell align="right">{t('events.revenue')}</TableCell>
              <TableCell>{t('events.file')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.map((event) => (
              <TableRow key={event.url}>
                <TableCell>
                  <Link component={RouterLink} to={`/admin/events/${encodeURIComponent(event.url)}`}>{event.name}</Link>
                </TableCell>
                <TableCell>/{event.url}</TableCell>
                <TableCell>{event.starts_at ? new Date(event.starts_at).toLocaleString(i18n.language) : t('events.noDate')}</TableCell>
                <TableCell align="right">{event.tickets_sold}</TableCell>
                <TableCell align="right">{event.tickets_held}</TableCell>
                <TableCell align="right">{event.checked_in}</TableCell>
                <TableCell align="right">{formatMoney(pesosToCents(event.revenue), 'MXN')}</TableCell>
                <TableCell>
                  <Link href={eventDownloadUrl(event.url)} download aria-label={t('events.export', { url: event.url })}>{t('events.exportShort')}</Link>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {canWrite && (
        <>
          <Box component="form" onSubmit={create} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 3, alignItems: 'center' }}>
            <Typography component="h2" variant="h6" sx={{ width: '100%' }}>{t('events.new')}</Typography>
            <TextField label={t('events.url')} required value={url} onChange={(e) => setUrl(e.target.value.trim())} helperText={t('events.urlHelp')} />
            <TextField label={t('events.name')} required value={name} onChange={(e) => setName(e.target.value)} />
            <Button type="submit" variant="contained">{t('events.create')}</Button>
          </Box>
          <Box sx={{ mt: 3 }}>
            <Typography component="h2" variant="h6">{t('events.import')}</Typography>
            <Typography variant="body2" sx={{ mb: 1 }}>{t('events.importHelp')}</Typography>
            <Button variant="outlined" onClick={() => fileInput.current?.click()}>{t('events.chooseFile')}</Button>
            <input ref={fileInput} type="file" accept="application/json,.json" hidden aria-label={t('events.chooseFile')} onChange={importFile} />
          </Box>
        </>
      )}
    </>
  );
}
