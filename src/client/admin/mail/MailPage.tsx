import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeadMailListResponse, DeadMailView, RequeueMailResponse } from '../../../shared/api';
import { failureMessage } from '../failureMessage';
import { useAdmin } from '../useAdmin';

/** The e-mails that ran out of attempts (the dead letters), each with "retry" once its cause is fixed. */
export function MailPage() {
  const { t, i18n } = useTranslation('admin');
  const { api } = useAdmin();
  const [messages, setMessages] = useState<DeadMailView[]>();
  const [done, setDone] = useState('');
  const [error, setError] = useState<string>();
  const load = () =>
    api
      .request<DeadMailListResponse>('GET', '/api/admin/outbox/failed')
      .then((answer) => setMessages(answer.messages))
      .catch((failure: unknown) => setError(failureMessage(failure)));
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api]);
  const retry = async (message: DeadMailView) => {
    try {
      await api.request<RequeueMailResponse>('POST', `/api/admin/outbox/${encodeURIComponent(message.id)}/retry`);
      setError(undefined);
      setDone(t('mail.queued', { recipient: message.recipient }));
      await load();
    } catch (failure) {
      setError(failureMessage(failure));
    }
  };
  const when = (at: string | null) => (at ? new Date(at).toLocaleString(i18n.language) : '');
  return (
    <>
      <Typography component="h1" variant="h5" gutterBottom>{t('mail.title')}</Typography>
      <Typography sx={{ mb: 2 }}>{t('mail.help')}</Typography>
      {error && <Alert severity="error">{error}</Alert>}
      <Box role="status" sx={{ mb: 2 }}>{done && <Alert severity="success">{done}</Alert>}</Box>
      {messages?.length === 0 && <Typography>{t('mail.empty')}</Typography>}
      {messages && messages.length > 0 && (
        <Table size="small" aria-label={t('mail.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('mail.kind')}</TableCell>
              <TableCell>{t('mail.recipient')}</TableCell>
              <TableCell>{t('mail.order')}</TableCell>
              <TableCell>{t('mail.attempts')}</TableCell>
              <TableCell>{t('mail.lastAttempt')}</TableCell>
              <TableCell>{t('mail.error')}</TableCell>
              <TableCell>{t('mail.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {messages.map((message) => (
              <TableRow key={message.id}>
                <TableCell>{t(`mail.kinds.${message.kind}`)}</TableCell>
                <TableCell>{message.recipient}</TableCell>
                <TableCell>{message.purchase_id}</TableCell>
                <TableCell>{message.attempts}</TableCell>
                <TableCell>{when(message.last_attempt_at)}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{message.error ?? ''}</TableCell>
                <TableCell>
                  <Button size="small" aria-label={t('mail.retryOf', { recipient: message.recipient })} onClick={() => void retry(message)}>{t('mail.retry')}</Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}
