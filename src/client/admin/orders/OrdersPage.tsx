import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { AdminEventSummary, AdminOrderRow, AdminOrderSearchQuery, AdminOrderStatus } from '../../../shared/api';
import { failureText, pesosText, timeText } from './format';
import { ORDER_SEARCH_KEYS, OrderSearchForm, type OrderSearchValues } from './OrderSearchForm';
import { useOrdersApi } from './ordersApi';

/** The day after a `YYYY-MM-DD` date: the search's exclusive end for a chosen last day. */
function dayAfter(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** The API's query for the form's values. */
function searchQuery(values: OrderSearchValues): AdminOrderSearchQuery {
  const { until, status, ...rest } = values;
  return { ...rest, status: (status || undefined) as AdminOrderStatus | undefined, to: until ? dayAfter(until) : undefined };
}

/**
 * `/admin/orders`: find an order while the buyer is on the phone. The search and filters live in the address (back from
 * an order finds the same list); newest first, "more" loads the next page by its cursor; a reference opens the order.
 */
export function OrdersPage() {
  const { t, i18n } = useTranslation('admin');
  const api = useOrdersApi();
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => Object.fromEntries(ORDER_SEARCH_KEYS.map((key) => [key, params.get(key) ?? ''])) as unknown as OrderSearchValues, [params]);
  const [events, setEvents] = useState<AdminEventSummary[]>([]);
  const [rows, setRows] = useState<AdminOrderRow[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState('');

  const load = async (cursor?: string) => {
    try {
      const page = await api.search({ ...searchQuery(values), cursor });
      setRows((shown) => (cursor ? [...shown, ...page.orders] : page.orders));
      setNext(page.next_cursor);
      setError(undefined);
      setStatus(t('orders.found', { count: page.orders.length }));
    } catch (failure) {
      setError(failureText(failure));
    }
  };
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [values]);
  useEffect(() => {
    api.events().then((answer) => setEvents(answer.events), (failure: unknown) => setError(failureText(failure)));
  }, [api]);

  const search = (chosen: OrderSearchValues) => setParams(Object.fromEntries(Object.entries(chosen).filter(([, value]) => value !== '')));
  return (
    <>
      <Typography component="h1" variant="h5" gutterBottom>{t('orders.title')}</Typography>
      <OrderSearchForm key={params.toString()} initial={values} events={events} onSearch={search} />
      {error && <Alert severity="error">{error}</Alert>}
      <Typography role="status" aria-live="polite" sx={{ mb: 1 }}>{status}</Typography>
      <Table size="small" aria-label={t('orders.results')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('orders.reference')}</TableCell>
            <TableCell>{t('orders.event')}</TableCell>
            <TableCell>{t('orders.buyer')}</TableCell>
            <TableCell>{t('orders.status')}</TableCell>
            <TableCell>{t('orders.method')}</TableCell>
            <TableCell align="right">{t('orders.total')}</TableCell>
            <TableCell>{t('orders.date')}</TableCell>
            <TableCell align="right">{t('orders.tickets')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.purchase_id} hover>
              <TableCell>
                <Link component={RouterLink} to={`/admin/orders/${encodeURIComponent(row.purchase_id)}`} sx={{ fontFamily: 'monospace' }}>{row.purchase_id}</Link>
              </TableCell>
              <TableCell>{row.event.name}</TableCell>
              <TableCell>{[row.buyer.name, row.buyer.email, row.buyer.phone].filter(Boolean).join(' · ')}</TableCell>
              <TableCell>{t(`orders.statuses.${row.status}`)}</TableCell>
              <TableCell>{row.method ?? ''}</TableCell>
              <TableCell align="right">{pesosText(row.total, i18n.language)}</TableCell>
              <TableCell>{timeText(row.created_at, i18n.language)}</TableCell>
              <TableCell align="right">{row.tickets}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {next !== null && <Button onClick={() => void load(next)} sx={{ mt: 2 }}>{t('orders.more')}</Button>}
    </>
  );
}
