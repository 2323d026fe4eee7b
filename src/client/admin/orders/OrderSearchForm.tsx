import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminEventSummary, AdminOrderStatus } from '../../../shared/api';

const STATUSES: AdminOrderStatus[] = ['held', 'pending', 'paid', 'partially_cancelled', 'expired', 'cancelled', 'refunded'];
const METHODS = ['mercadopago', 'paypal', 'fintoc', 'openpay', 'stripe', 'free'];

/** What the search form holds: the words searched and every filter, as the page's address keeps them (dates as `YYYY-MM-DD`). */
export interface OrderSearchValues {
  q: string;
  event: string;
  status: string;
  method: string;
  ticket_type: string;
  from: string;
  until: string;
}

export const ORDER_SEARCH_KEYS = ['q', 'event', 'status', 'method', 'ticket_type', 'from', 'until'] as const satisfies readonly (keyof OrderSearchValues)[];

/** The search box (reference, name, e-mail, phone, folio) and the filters; `onSearch` gets the values on submit. */
export function OrderSearchForm({ initial, events, onSearch }: { initial: OrderSearchValues; events: AdminEventSummary[]; onSearch: (values: OrderSearchValues) => void }) {
  const { t } = useTranslation('admin');
  const [values, setValues] = useState(initial);
  const field = (key: keyof OrderSearchValues) => ({
    value: values[key],
    onChange: (e: { target: { value: string } }) => setValues((shown) => ({ ...shown, [key]: e.target.value })),
    size: 'small' as const,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(values);
  };
  return (
    <Box component="form" role="search" aria-label={t('orders.searchLabel')} onSubmit={submit} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 3, alignItems: 'center' }}>
      <TextField label={t('orders.q')} type="search" sx={{ minWidth: 320, flex: '1 1 320px' }} {...field('q')} />
      <TextField select label={t('orders.event')} sx={{ minWidth: 180 }} {...field('event')}>
        <MenuItem value="">{t('orders.any')}</MenuItem>
        {events.map((e) => <MenuItem key={e.url} value={e.url}>{e.name}</MenuItem>)}
      </TextField>
      <TextField select label={t('orders.status')} sx={{ minWidth: 160 }} {...field('status')}>
        <MenuItem value="">{t('orders.any')}</MenuItem>
        {STATUSES.map((s) => <MenuItem key={s} value={s}>{t(`orders.statuses.${s}`)}</MenuItem>)}
      </TextField>
      <TextField select label={t('orders.method')} sx={{ minWidth: 160 }} {...field('method')}>
        <MenuItem value="">{t('orders.any')}</MenuItem>
        {METHODS.map((m) => <MenuItem key={m} value={m}>{m}</MenuItem>)}
      </TextField>
      <TextField label={t('orders.ticketType')} sx={{ width: 150 }} slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }} {...field('ticket_type')} />
      <TextField label={t('orders.from')} type="date" slotProps={{ inputLabel: { shrink: true } }} {...field('from')} />
      <TextField label={t('orders.until')} type="date" slotProps={{ inputLabel: { shrink: true } }} {...field('until')} />
      <Button type="submit" variant="contained">{t('orders.search')}</Button>
    </Box>
  );
}
