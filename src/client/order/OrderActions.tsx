import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import type { OrderViewResponse } from '../../shared/api';
import { ApiError } from '../api/ApiError';
import { Panel } from '../components/Panel';
import { useOrderTranslation } from './orderNamespace';
import { deadlineText } from './orderFormat';

/**
 * What the buyer may do with the whole order: resend the tickets e-mail (its answer, or the server's
 * refusal such as the hourly cap, said in a live region) and until when answers may be corrected.
 * `children` is the slot for the order's other actions (cancel), fed by their own API.
 */
export function OrderActions({ order, resend, children }: { order: OrderViewResponse; resend: () => Promise<unknown>; children?: ReactNode }) {
  const { t, i18n } = useOrderTranslation();
  const titleId = useId();
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const { changes_until: until, corregir_respuestas: canCorrect, reenviar } = order.acciones;
  const untilText = until ? deadlineText(until, i18n.language) : null;

  const onResend = () => {
    setBusy(true);
    resend()
      .then(() => setMessage(t('actions.resent', { email: order.comprador.email })))
      .catch((error: unknown) => setMessage(error instanceof ApiError && error.mensaje ? error.mensaje : t('failed')))
      .finally(() => setBusy(false));
  };

  return (
    <Panel labelledBy={titleId}>
      <Typography id={titleId} variant="h2" component="h2" sx={{ fontSize: '1.4rem', mb: 1 }}>
        {t('actions.heading')}
      </Typography>
      {order.estado === 'paid' ? (
        <Typography sx={{ mb: 1 }}>{canCorrect ? (untilText ? t('actions.changesUntil', { date: untilText }) : '') : t('actions.changesClosed')}</Typography>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {reenviar ? (
          <Button variant="contained" onClick={onResend} disabled={busy}>
            {t('actions.resend')}
          </Button>
        ) : null}
        {children}
      </Box>
      <Typography role="status" aria-live="polite" sx={{ mt: 1 }}>
        {message}
      </Typography>
    </Panel>
  );
}
