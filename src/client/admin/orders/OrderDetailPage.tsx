import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import type { AdminCancelOrderRequest, AdminOrderResponse, AdminPayoutFact, OrderTicket } from '../../../shared/api';
import type { AttendeeAnswers } from '../../../shared/attendee-form/attendee-form.types';
import { EditAnswersDialog } from '../../order/EditAnswersDialog';
import { OrderEventCard } from '../../order/OrderEventCard';
import { OrderRecord } from '../../order/OrderRecord';
import { OrderTickets } from '../../order/OrderTickets';
import { useAdmin } from '../useAdmin';
import { CancelTicketsDialog } from './CancelTicketsDialog';
import { failureText, pesosText } from './format';
import { OrderFacts } from './OrderFacts';
import { useOrdersApi } from './ordersApi';
import { OrderTimeline } from './OrderTimeline';

/** What is left of the order's payment to give back (pesos): its total less what its cancellations gave back. */
function leftToRefund(facts: AdminOrderResponse): number {
  const amounts = facts.order.montos;
  const total = amounts ? amounts.amount + amounts.amountProductos : 0;
  return Math.max(0, Math.round((total - facts.cancellations.reduce((sum, c) => sum + c.refund, 0)) * 100) / 100);
}

/**
 * `/admin/orders/{id}`: the order as its buyer sees it (event, tickets, payments, amounts, history; the buyer's order
 * page's own pieces) with the operator's facts and timeline, and the actions the role allows: resend the tickets e-mail
 * and correct a ticket's answers (`orders.change`), cancel one or every ticket with a refund (`orders.refund`) or without
 * (`orders.change`), confirm a queued CLABE payout (`orders.refund`). Each result is said in the live region, then the
 * order is read again.
 */
export function OrderDetailPage() {
  const { t, i18n } = useTranslation('admin');
  const { id = '' } = useParams();
  const { operator } = useAdmin();
  const api = useOrdersApi();
  const may = (permission: 'orders.change' | 'orders.refund') => operator?.permissions.includes(permission) ?? false;
  const [facts, setFacts] = useState<AdminOrderResponse>();
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState('');
  const [editing, setEditing] = useState<OrderTicket | null>(null);
  const [cancelling, setCancelling] = useState<OrderTicket[] | null>(null);

  const reload = useCallback(async () => {
    try {
      setFacts(await api.order(id));
      setError(undefined);
    } catch (failure) {
      setError(failureText(failure));
    }
  }, [api, id]);
  useEffect(() => {
    void reload();
  }, [reload]);

  /** An action: its sentence in the live region (or its refusal in the alert), then the order again. */
  const act = async (work: () => Promise<string>) => {
    try {
      setNotice(await work());
      setError(undefined);
    } catch (failure) {
      setNotice('');
      setError(failureText(failure));
    }
    await reload();
  };

  const save = async (ticket: OrderTicket, answers: AttendeeAnswers) => {
    const { boleto } = await api.correct(id, ticket.id, answers);
    setEditing(null);
    await act(async () => t('order.corrected', { folio: boleto.folio, name: boleto.titular }));
  };
  const cancel = async (body: AdminCancelOrderRequest, currency?: string) => {
    const answer = await api.cancel(id, body);
    setCancelling(null);
    await act(async () => t('order.cancelled', {
      count: answer.ticket_ids.length, status: t(`orders.statuses.${answer.status}`),
      refund: t(`order.refundOutcome.${answer.refund_status}`, { amount: pesosText(answer.refund, i18n.language, currency) }),
    }));
  };
  const confirmPayout = (payout: AdminPayoutFact) =>
    void act(async () => t('order.payoutConfirmed', { amount: pesosText((await api.confirmPayout(payout.id)).amount, i18n.language), clabe: payout.clabe }));

  const order = facts?.order;
  const currency = order?.pagos[0]?.moneda;
  const live = order && (order.estado === 'paid' || order.estado === 'partially_cancelled') ? order.boletos : [];
  return (
    <>
      <Link component={RouterLink} to="/admin/orders">{t('order.back')}</Link>
      <Typography component="h1" variant="h5" sx={{ my: 1 }}>{t('order.title', { id })}</Typography>
      <Typography role="status" aria-live="polite" sx={{ mb: 1 }}>{notice}</Typography>
      {error && <Alert severity="error" sx={{ mb: 2 }}>{error}</Alert>}
      {order && facts ? (
        <>
          <Typography sx={{ mb: 2 }} data-testid="order-status">
            {t('order.summary', { status: t(`orders.statuses.${order.estado}`), name: order.comprador.nombre, email: order.comprador.email })}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
            {may('orders.change') ? (
              <Button variant="contained" onClick={() => void act(async () => t('order.resent', { email: (await api.resend(id)).recipient }))}>{t('order.resend')}</Button>
            ) : null}
            {may('orders.change') && live.length > 0 ? (
              <Button variant="outlined" color="error" aria-haspopup="dialog" onClick={() => setCancelling(live)}>{t('order.cancelAll')}</Button>
            ) : null}
          </Box>
          <OrderEventCard event={order.evento} />
          <OrderTickets
            tickets={order.boletos}
            canEdit={may('orders.change')}
            onEdit={setEditing}
            extraActions={(ticket) => (may('orders.change') && live.includes(ticket) ? (
              <Button variant="outlined" color="error" aria-haspopup="dialog" onClick={() => setCancelling([ticket])}>
                {t('order.cancelTicket', { folio: ticket.folio })}
              </Button>
            ) : null)}
          />
          <OrderRecord order={order} />
          <OrderFacts facts={facts} onConfirmPayout={may('orders.refund') ? confirmPayout : undefined} />
          <OrderTimeline entries={facts.timeline} />
          {editing ? (
            // Operators may correct locked fields and after the changes deadline.
            <EditAnswersDialog eventUrl={order.evento.url} ticket={{ ...editing, bloqueados: [] }} save={(answers) => save(editing, answers)} onClose={() => setEditing(null)} />
          ) : null}
          {cancelling ? (
            <CancelTicketsDialog
              tickets={cancelling} whole={cancelling.length === live.length} left={leftToRefund(facts)} currency={currency}
              provider={facts.payments.at(-1)?.provider ?? ''} canRefund={may('orders.refund')}
              cancel={(body) => cancel(body, currency)} onClose={() => setCancelling(null)}
            />
          ) : null}
        </>
      ) : null}
    </>
  );
}
