import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { OrderTicket, OrderViewResponse } from '../../shared/api';
import type { AttendeeAnswers } from '../../shared/attendee-form/attendee-form.types';
import { ApiError } from '../api/ApiError';
import { LoadingIndicator } from '../components/LoadingIndicator';
import { EditAnswersDialog } from '../order/EditAnswersDialog';
import { FindOrderForm } from '../order/FindOrderForm';
import { OrderActions } from '../order/OrderActions';
import { createOrderApi } from '../order/orderApi';
import { OrderEventCard } from '../order/OrderEventCard';
import { adoptOrderLink } from '../order/orderLink';
import { useOrderTranslation } from '../order/orderNamespace';
import { OrderRecord } from '../order/OrderRecord';
import { OrderTickets } from '../order/OrderTickets';

type Loaded = { state: 'loading' } | { state: 'find' } | { state: 'failed'; message: string } | { state: 'ready'; order: OrderViewResponse };

/**
 * `/{url}/order`, the buyer's order page: opened by the link of the tickets e-mail, of "find my order"
 * or of the thank-you page (the key in the fragment). It shows the event, every ticket (QR, PDF,
 * wallet pass), payments, amounts and history; resends the tickets e-mail and corrects a ticket's
 * answers in a dialog with the checkout's form. Without a key: the "find my order" form.
 * The transfer and cancel actions go in the slots of `OrderTickets` (`extraActions`) and `OrderActions` (`children`).
 */
export default function OrderPage() {
  const { t, i18n } = useOrderTranslation();
  const api = useMemo(() => createOrderApi(() => i18n.language), [i18n]);
  const [link, setLink] = useState(() => adoptOrderLink(window.sessionStorage, window.location, window.history));
  const [loaded, setLoaded] = useState<Loaded>(() => (link ? { state: 'loading' } : { state: 'find' }));
  const [editing, setEditing] = useState<OrderTicket | null>(null);
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
      {loaded.state === 'ready' ? (
        <>
          <Typography sx={{ mb: 2 }}>
            {t('reference', { id: loaded.order.purchase_id })} · {t(`status.${loaded.order.estado}`)}
          </Typography>
          <OrderEventCard event={loaded.order.evento} />
          <OrderTickets tickets={loaded.order.boletos} canEdit={loaded.order.acciones.corregir_respuestas} onEdit={setEditing} />
          <OrderActions order={loaded.order} resend={() => api.resend(link!.purchaseId, link!.key)} />
          <OrderRecord order={loaded.order} />
          {editing ? (
            <EditAnswersDialog eventUrl={loaded.order.evento.url} ticket={editing} save={(answers) => save(editing, answers)} onClose={() => setEditing(null)} />
          ) : null}
        </>
      ) : null}
    </Box>
  );
}
