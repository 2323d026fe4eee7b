import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminOrderResponse, AdminPayoutFact } from '../../../shared/api';
import { pesosText, timeText } from './format';

/** One titled table of the order's facts (h2), its rows given; nothing when there are none. */
function FactsTable({ title, heads, rows }: { title: string; heads: string[]; rows: ReactNode[][] }) {
  const titleId = useId();
  if (rows.length === 0) return null;
  return (
    // Focusable, so a table wider than the page scrolls by keyboard too.
    <Box component="section" aria-labelledby={titleId} tabIndex={0} sx={{ mt: 3, overflowX: 'auto' }}>
      <Typography id={titleId} component="h2" variant="h6" gutterBottom>{title}</Typography>
      <Table size="small" aria-labelledby={titleId}>
        <TableHead>
          <TableRow>{heads.map((head) => <TableCell key={head}>{head}</TableCell>)}</TableRow>
        </TableHead>
        <TableBody>
          {rows.map((cells, index) => (
            <TableRow key={index}>{cells.map((cell, column) => <TableCell key={column}>{cell}</TableCell>)}</TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * What only operators see of an order: every payment attempt with its provider's ids and what was given back, the
 * cancellations, and the payouts owed to a CLABE (a queued one confirmed here when `onConfirmPayout` is given).
 */
export function OrderFacts({ facts, onConfirmPayout }: { facts: AdminOrderResponse; onConfirmPayout?: (payout: AdminPayoutFact) => void }) {
  const { t, i18n } = useTranslation('admin');
  const money = (pesos: number, currency?: string) => pesosText(pesos, i18n.language, currency);
  const when = (iso: string | null) => (iso ? timeText(iso, i18n.language) : '');
  const text = (value: string | null) => value ?? '';
  return (
    <>
      <FactsTable
        title={t('order.payments')}
        heads={[t('order.provider'), t('order.state'), t('order.providerIds'), t('order.amount'), t('order.refunded'), t('order.refund'), t('order.updated')]}
        rows={facts.payments.map((p) => [
          `${p.provider} (${p.mode})`,
          [p.status, p.status_detail].filter(Boolean).join(' · '),
          <Box component="span" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{[p.provider_payment_id, p.provider_reference].filter(Boolean).join(' · ')}</Box>,
          money(p.amount, p.currency),
          money(p.refunded, p.currency),
          [p.refund_status, p.refund_reference, p.refund_reason].filter(Boolean).join(' · '),
          when(p.updated_at),
        ])}
      />
      <FactsTable
        title={t('order.cancellations')}
        heads={[t('order.date'), t('order.ticketCount'), t('order.paid'), t('order.fee'), t('order.refund'), t('order.refundMethod')]}
        rows={facts.cancellations.map((c) => [
          when(c.created_at), c.ticket_ids.length, money(c.paid), money(c.fee), money(c.refund),
          [t(`order.refundMethods.${c.method}`), c.refund_status, c.refund_reference].filter(Boolean).join(' · '),
        ])}
      />
      <FactsTable
        title={t('order.payouts')}
        heads={[t('order.date'), t('order.amount'), t('order.clabe'), t('order.state'), t('order.confirmed')]}
        rows={facts.payouts.map((p) => [
          when(p.created_at), money(p.amount), `${p.clabe} (${p.bank})`, t(`order.payoutStates.${p.status}`),
          p.status === 'queued' && onConfirmPayout
            ? <Button size="small" variant="outlined" onClick={() => onConfirmPayout(p)}>{t('order.confirmPayout', { amount: money(p.amount), clabe: p.clabe })}</Button>
            : [when(p.confirmed_at), text(p.confirmed_by)].filter(Boolean).join(' · '),
        ])}
      />
    </>
  );
}
