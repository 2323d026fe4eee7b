import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminEventSummary, AttendeeListResponse, AttendeeStatusFilter, AttendeeView } from '../../../shared/api';
import exportsEn from '../../../../locales/en/exports.json';
import exportsEs from '../../../../locales/es/exports.json';
import { useAdmin } from '../useAdmin';
import { failureText, timeText } from './format';
import { attendeesFileUrl, useOrdersApi, type AttendeeFilters } from './ordersApi';

const STATUSES: AttendeeStatusFilter[] = ['valid', 'revoked', 'all'];

/** The list's fixed columns (by their id in `columnas`) and the row's value each shows. */
const FIXED: Record<string, keyof AttendeeView> = {
  folio: 'folio', ticket_type: 'tipo', seat: 'asiento', holder_name: 'titular_nombre', holder_email: 'titular_email', buyer_name: 'comprador_nombre',
  buyer_email: 'comprador_email', buyer_phone: 'comprador_telefono', reference: 'referencia', status: 'estado', paid_at: 'pagado_en',
  payment_method: 'metodo_pago', checked_in_at: 'ingreso_en',
};

/** A fixed column's cell: the row's value (times in the page's language, the status in the files' words). */
function cellText(row: AttendeeView, column: string, language: string): string {
  const value = FIXED[column] ? row[FIXED[column]] : null;
  if (value === null || value === undefined || typeof value === 'object') return '';
  if (column === 'status') return (language === 'en' ? exportsEn : exportsEs).statuses[row.estado];
  return column === 'paid_at' || column === 'checked_in_at' ? timeText(String(value), language) : String(value);
}

/**
 * `/admin/attendees`: an event's attendees, one row per issued ticket with every form answer as a column, searched and
 * filtered by status, paged by cursor ("more"); with `exports`, the same rows as CSV or Excel by plain download links.
 */
export function AttendeesPage() {
  const { t, i18n } = useTranslation('admin');
  const { operator } = useAdmin();
  const api = useOrdersApi();
  const [events, setEvents] = useState<AdminEventSummary[]>([]);
  const [eventUrl, setEventUrl] = useState('');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<AttendeeStatusFilter>('valid');
  const [filters, setFilters] = useState<AttendeeFilters>({ status: 'valid' });
  const [list, setList] = useState<AttendeeListResponse>();
  const [error, setError] = useState<string>();
  const [found, setFound] = useState('');

  useEffect(() => {
    api.events().then((answer) => {
      setEvents(answer.events);
      setEventUrl((chosen) => chosen || answer.events[0]?.url || '');
    }, (failure: unknown) => setError(failureText(failure)));
  }, [api]);

  const load = async (cursor?: string) => {
    if (!eventUrl) return;
    try {
      const page = await api.attendees(eventUrl, { ...filters, cursor });
      setList((shown) => (cursor && shown ? { ...page, asistentes: [...shown.asistentes, ...page.asistentes] } : page));
      setError(undefined);
      setFound(t('attendees.found', { count: page.asistentes.length }));
    } catch (failure) {
      setError(failureText(failure));
    }
  };
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [eventUrl, filters]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilters({ q: q.trim(), status });
  };
  const columns = list ? [...list.columnas, ...list.campos] : [];
  const isField = new Set(list?.campos.map((c) => c.id));
  return (
    <>
      <Typography component="h1" variant="h5" gutterBottom>{t('attendees.title')}</Typography>
      <Box component="form" role="search" aria-label={t('attendees.searchLabel')} onSubmit={search} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'center' }}>
        <TextField select size="small" label={t('attendees.event')} value={eventUrl} onChange={(e) => setEventUrl(e.target.value)} sx={{ minWidth: 220 }}>
          {events.map((e) => <MenuItem key={e.url} value={e.url}>{e.name}</MenuItem>)}
        </TextField>
        <TextField size="small" type="search" label={t('attendees.q')} value={q} onChange={(e) => setQ(e.target.value)} sx={{ minWidth: 280 }} />
        <TextField select size="small" label={t('attendees.status')} value={status} onChange={(e) => setStatus(e.target.value as AttendeeStatusFilter)} sx={{ minWidth: 160 }}>
          {STATUSES.map((s) => <MenuItem key={s} value={s}>{t(`attendees.filters.${s}`)}</MenuItem>)}
        </TextField>
        <Button type="submit" variant="contained">{t('attendees.search')}</Button>
        {eventUrl && operator?.permissions.includes('exports') ? (
          <>
            <Button variant="outlined" href={attendeesFileUrl(eventUrl, 'csv', filters)} download>{t('attendees.csv')}</Button>
            <Button variant="outlined" href={attendeesFileUrl(eventUrl, 'xlsx', filters)} download>{t('attendees.xlsx')}</Button>
          </>
        ) : null}
      </Box>
      {error && <Alert severity="error">{error}</Alert>}
      <Typography role="status" aria-live="polite" sx={{ mb: 1 }}>{found}</Typography>
      {/* Focusable, so the wide table scrolls by keyboard too. */}
      <Box role="region" aria-label={t('attendees.table')} tabIndex={0} sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('attendees.table')}>
          <TableHead>
            <TableRow>{columns.map((column) => <TableCell key={column.id}>{column.titulo}</TableCell>)}</TableRow>
          </TableHead>
          <TableBody>
            {list?.asistentes.map((row) => (
              <TableRow key={row.boleto_id}>
                {columns.map((column) => (
                  <TableCell key={column.id}>{isField.has(column.id) ? row.respuestas[column.id] ?? '' : cellText(row, column.id, i18n.language)}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {list?.siguiente ? <Button onClick={() => void load(list.siguiente!)} sx={{ mt: 2 }}>{t('attendees.more')}</Button> : null}
    </>
  );
}
