import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { WebhookAttemptView, WebhookDeliveryView, WebhookEndpointView } from '../../../shared/api';

/** One attempt in a line: its status (or error) and how long it took. */
function attemptLine(attempt: WebhookAttemptView, t: (key: string, values?: Record<string, unknown>) => string): string {
  const outcome = attempt.status_code !== null ? `HTTP ${attempt.status_code}` : (attempt.error ?? '');
  const error = attempt.status_code !== null && attempt.error ? ` (${attempt.error})` : '';
  return t('webhooks.deliveries.attempt', { number: attempt.number, outcome: `${outcome}${error}`, ms: attempt.duration_ms }) + (attempt.manual ? ` ${t('webhooks.deliveries.manual')}` : '');
}

/** An endpoint's delivery log, newest first: type, status, attempts (each one's status, duration, error), next attempt, and "resend". */
export function Deliveries({ endpoint, deliveries, onResend, onClose }: {
  endpoint: WebhookEndpointView;
  deliveries: WebhookDeliveryView[];
  onResend: (delivery: WebhookDeliveryView) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const title = t('webhooks.deliveries.title', { url: endpoint.url });
  const when = (at: string | null) => (at ? new Date(at).toLocaleString(i18n.language) : '—');
  return (
    <Box component="section" aria-label={title} sx={{ mt: 4 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <Typography component="h2" variant="h6">{title}</Typography>
        <Button size="small" onClick={onClose}>{t('webhooks.deliveries.close')}</Button>
      </Box>
      {deliveries.length === 0 ? (
        <Typography>{t('webhooks.deliveries.empty')}</Typography>
      ) : (
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>{t('webhooks.deliveries.type')}</TableCell>
              <TableCell>{t('webhooks.deliveries.status')}</TableCell>
              <TableCell>{t('webhooks.deliveries.attempts')}</TableCell>
              <TableCell>{t('webhooks.deliveries.next')}</TableCell>
              <TableCell>{t('webhooks.deliveries.created')}</TableCell>
              <TableCell>{t('webhooks.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {deliveries.map((delivery) => (
              <TableRow key={delivery.id}>
                <TableCell>{delivery.type}</TableCell>
                <TableCell>{t(`webhooks.deliveries.statuses.${delivery.status}`)}</TableCell>
                <TableCell>
                  <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
                    {delivery.attempt_log.map((attempt) => <li key={attempt.number}>{attemptLine(attempt, t)}</li>)}
                  </Box>
                </TableCell>
                <TableCell>{when(delivery.next_attempt_at)}</TableCell>
                <TableCell>{when(delivery.created_at)}</TableCell>
                <TableCell>
                  <Button size="small" disabled={delivery.status === 'sending'} onClick={() => onResend(delivery)}>{t('webhooks.deliveries.resend')}</Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
