import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { CancelOrderRequest, OrderTicket, OrderViewResponse, TransferTicketRequest } from '../../shared/api';
import type { AttendeeAnswers } from '../../shared/attendee-form/attendee-form.types';
import { ApiError } from '../api/ApiError';
import { LoadingIndicator } from '../components/LoadingIndicator';
import { lazyWithRetry } from '../lib/lazyWithRetry';
import { CancelDialog } from '../order/CancelDialog';
import { EditAnswersDialog } from '../order/EditAnswersDialog';
import { FindOrderForm } from '../order/FindOrderForm';
import { OrderActions } from '../order/OrderActions';
import { createOrderApi } from '../order/orderApi';
import { cancelResultKey } from '../order/orderChanges';
import { OrderEventCard } from '../order/OrderEventCard';
import { pesosText } from '../order/orderFormat';
import { adoptOrderLink } from '../order/orderLink';
import { useOrderTranslation } from '../order/orderNamespace';
import { OrderRecord } from '../order/OrderRecord';
import { OrderTickets } from '../order/OrderTickets';
import { TransferDialog } from '../order/TransferDialog';

// "¿Necesitas factura?" and its form engine: their own chunk, after the order.
const InvoicePanel = lazyWithRetry(() => import('../invoice/InvoicePanel'));

type Loaded = { state: 'loading' } | { state: 'find' } | { state: 'failed'; message: string } | { state: 'ready'; order: OrderViewResponse };

/**
 * `/{url}/order`, the buyer's order page: opened by the link of the tickets e-mail, of "find my order"
 * or of the thank-you page (the key in the fragment). It shows the event, every ticket (QR, PDF,
 * wallet pass), "¿Necesitas factura?" (the invoice's state, request and files), payments, amounts and history; resends the tickets e-mail and corrects a ticket's
 * answers in a dialog with the checkout's form, transfers a ticket to another person and cancels tickets under
 * the event's policy (each in its dialog; the outcome said in the page's live region, then the order reloaded).
 * Opened with a transferred ticket's own key (`alcance: 'boleto'`) it shows that ticket and offers only its transfer.
 * Without a key: the "find my order" form.
 */
export default function OrderPage() {
  const { t, i18n } = useOrderTranslation();
  const api = useMemo(() => createOrderApi(() => i18n.language), [i18n]);
  const [link, setLink] = useState(() => adoptOrderLink(window.sessionStorage, window.location, window.history));
  const [loaded, setLoaded] = useState<Loaded>(() => (link ? { state: 'loading' } : { state: 'find' }));
  const [editing, setEditing] = useState<OrderTicket | null>(null);
  const [transferring, setTransferring] = useState<OrderTicket | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [notice, setNotice] = useState('');

  const reload = useCallback(async () => {
    if (!link) return;
    try {
      setLoaded({ state: 'ready', order: await api.view(link.purchaseId, link.key) });
    } catch (error) {
      // A link that no longer opens the order (another purchase's, revoked): find it again.
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) setLoaded({ state: 'find' });
      else setLoaded({ state: 'failed', message: error instanceof ApiError && error.mensaje ? error.mensaje : t('failed') });
    }
  }, [api, link, t]);

  useEffect(() => {
    void reload();
  }, [reload]);

  // A link opened in this tab while the page is showing (only the fragment changed: no new page load).
  useEffect(() => {
    const adopt = () => {
      const next = adoptOrderLink(window.sessionStorage, window.location, window.history);
      if (next) {
        setLoaded({ state: 'loading' });
        setLink(next);
      }
    };
    window.addEventListener('hashchange', adopt);
    return () => window.removeEventListener('hashchange', adopt);
  }, []);

  const save = async (ticket: OrderTicket, answers: AttendeeAnswers) => {
    const { boleto } = await api.correct(link!.purchaseId, link!.key, ticket.id, answers);
    setEditing(null);
    setNotice(t('edit.saved', { name: boleto.titular }));
    await reload();
  };

  const transfer = async (ticket: OrderTicket, body: TransferTicketRequest, holderName: string) => {
    await api.transfer(link!.purchaseId, link!.key, ticket.id, body);
    setTransferring(null);
    setNotice(t('transfer.done', { name: holderName }));
    await reload();
  };

  const cancel = async (order: OrderViewResponse, body: CancelOrderRequest) => {
    const answer = await api.cancel(link!.purchaseId, link!.key, body);
    const money = (pesos: number) => pesosText(pesos, i18n.language, order.pagos[0]?.moneda);
    setCancelling(false);
    setNotice(t(`cancel.result.${cancelResultKey(answer)}`, { paid: money(answer.paid), fee: money(answer.fee), refund: money(answer.refund), bank: answer.bank ?? '' }));
    await reload();
  };

  const renderOrder = (order: OrderViewResponse) => {
    const wholeOrder = order.alcance === 'compra';
    const { transferir, cancelar } = order.acciones;
    const cancellable = order.boletos.filter((ticket) => ticket.cancelable);
    return (
      <>
        <Typography sx={{ mb: 2 }}>
          {t('reference', { id: order.purchase_id })} · {t(`status.${order.estado}`)}
        </Typography>
        <OrderEventCard event={order.evento} />
        <OrderTickets
          tickets={order.boletos}
          canEdit={wholeOrder && order.acciones.corregir_respuestas}
          onEdit={setEditing}
          extraActions={(ticket) => (transferir && ticket.transferible ? (
            <Button variant="outlined" onClick={() => setTransferring(ticket)} aria-haspopup="dialog" aria-label={t('tickets.transferLabel', { folio: ticket.folio })}>
              {t('tickets.transfer')}
            </Button>
          ) : null)}
        />
        {wholeOrder ? (
          <OrderActions order={order} resend={() => api.resend(link!.purchaseId, link!.key)}>
            {cancelar && cancellable.length > 0 ? (
              <Button variant="outlined" color="error" onClick={() => setCancelling(true)} aria-haspopup="dialog">
                {t('cancel.open')}
              </Button>
            ) : null}
          </OrderActions>
        ) : null}
        {wholeOrder ? (
          <Suspense fallback={null}>
            <InvoicePanel purchaseId={link!.purchaseId} purchaseKey={link!.key} email={order.comprador.email} />
          </Suspense>
        ) : null}
        <OrderRecord order={order} />
        {editing ? (
          <EditAnswersDialog eventUrl={order.evento.url} ticket={editing} save={(answers) => save(editing, answers)} onClose={() => setEditing(null)} />
        ) : null}
        {transferring && transferir ? (
          <TransferDialog eventUrl={order.evento.url} ticket={transferring} until={transferir.hasta} transfer={(body, holderName) => transfer(transferring, body, holderName)} onClose={() => setTransferring(null)} />
        ) : null}
        {cancelling && cancelar ? (
          <CancelDialog tickets={cancellable} policy={cancelar} cancel={(body) => cancel(order, body)} onClose={() => setCancelling(false)} />
        ) : null}
      </>
    );
  };

  return (
    <Box component="main" id="main" sx={{ maxWidth: 760, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 3 } }}>
      <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '1.8rem', sm: '2.2rem' }, mb: 2 }}>
        {t('title')}
      </Typography>
      <Typography role="status" aria-live="polite" sx={{ mb: notice ? 2 : 0 }}>
        {notice}
      </Typography>
      {loaded.state === 'loading' ? <LoadingIndicator labelKey="order:loading" /> : null}
      {loaded.state === 'find' ? <FindOrderForm api={api} /> : null}
      {loaded.state === 'failed' ? <Alert severity="error">{loaded.message}</Alert> : null}
      {loaded.state === 'ready' ? renderOrder(loaded.order) : null}
    </Box>
  );
}
