import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminEventSummary, AdminWaitingListResponse } from '../../../shared/api';
import { failureText, timeText } from '../orders/format';
import { useAdmin } from '../useAdmin';

/**
 * `/admin/waiting-lists`: an event's waiting list — per ticket type, every entry in line order with its state
 * (unconfirmed, waiting with its place, offered until when, claimed, lapsed) and its offer's purchase; an address
 * erased past its retention reads "erased".
 */
export function WaitingListPage() {
  const { t, i18n } = useTranslation('admin');
  const { api } = useAdmin();
  const [events, setEvents] = useState<AdminEventSummary[]>([]);
  const [eventUrl, setEventUrl] = useState('');
  const [list, setList] = useState<AdminWaitingListResponse>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    api.request<{ events: AdminEventSummary[] }>('GET', '/api/admin/events').then((answer) => {
      setEvents(answer.events);
      setEventUrl((chosen) => chosen || answer.events[0]?.url || '');
    }, (failure: unknown) => setError(failureText(failure)));
  }, [api]);

  useEffect(() => {
    if (!eventUrl) return;
    api.request<AdminWaitingListResponse>('GET', `/api/admin/events/${encodeURIComponent(eventUrl)}/waiting-list`).then((answer) => {
      setList(answer);
      setError(undefined);
    }, (failure: unknown) => setError(failureText(failure)));
  }, [api, eventUrl]);

  const byType = useMemo(() => {
    const groups = new Map<string, AdminWaitingListResponse['entries']>();
    for (const entry of list?.entries ?? []) groups.set(entry.ticket_name, [...(groups.get(entry.ticket_name) ?? []), entry]);
    return [...groups];
  }, [list]);
  const when = (iso: string | null) => (iso ? timeText(iso, i18n.language) : '');

  return (
    <>
      <Typography component="h1" variant="h5" gutterBottom>{t('waitingList.title')}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'center' }}>
        <TextField select size="small" label={t('waitingList.event')} value={eventUrl} onChange={(e) => setEventUrl(e.target.value)} sx={{ minWidth: 220 }}>
          {events.map((e) => <MenuItem key={e.url} value={e.url}>{e.name}</MenuItem>)}
        </TextField>
        <div role="status" aria-live="polite">
          {list ? <Typography>{list.enabled ? t('waitingList.enabled', { hours: list.offer_hours, count: list.entries.length }) : t('waitingList.disabled')}</Typography> : null}
        </div>
      </Box>
      {error ? <Alert severity="error" sx={{ mb: 2 }}>{error}</Alert> : null}
      {list && list.entries.length === 0 ? <Typography>{t('waitingList.empty')}</Typography> : null}
      {byType.map(([ticketName, entries]) => (
        <Box key={ticketName} component="section" sx={{ mb: 3 }}>
          <Typography component="h2" variant="h6" gutterBottom>{ticketName}</Typography>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('waitingList.tableOf', { name: ticketName })}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('waitingList.place')}</TableCell>
                  <TableCell>{t('waitingList.email')}</TableCell>
                  <TableCell>{t('waitingList.quantity')}</TableCell>
                  <TableCell>{t('waitingList.state')}</TableCell>
                  <TableCell>{t('waitingList.confirmedAt')}</TableCell>
                  <TableCell>{t('waitingList.offerUntil')}</TableCell>
                  <TableCell>{t('waitingList.purchase')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {entries.map((entry) => (
                  <TableRow key={entry.id}>
                    <TableCell>{entry.place ?? ''}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>
                      {entry.email ?? <Box component="span" sx={{ fontStyle: 'italic' }} title={when(entry.erased_at)}>{t('waitingList.erased')}</Box>}
                    </TableCell>
                    <TableCell>{entry.quantity}</TableCell>
                    <TableCell>{t(`waitingList.states.${entry.state}`)}</TableCell>
                    <TableCell>{when(entry.confirmed_at)}</TableCell>
                    <TableCell>{when(entry.offer_until)}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{entry.purchase_id ?? ''}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </Box>
      ))}
    </>
  );
}
