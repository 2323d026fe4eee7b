import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorRole, OperatorView } from '../../shared/api';
import { useAdmin } from './useAdmin';

const ROLES: OperatorRole[] = ['owner', 'manager', 'box_office', 'door', 'viewer'];

/** Owners: the accounts (role, disable) and a form that adds one and shows its one-time set-password link. */
export function OperatorsPage() {
  const { t } = useTranslation('admin');
  const { api } = useAdmin();
  const [operators, setOperators] = useState<OperatorView[]>([]);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OperatorRole>('viewer');
  const [events, setEvents] = useState('');
  const [link, setLink] = useState<string>();
  const [error, setError] = useState<string>();
  const attempt = async (work: () => Promise<unknown>) => {
    try {
      await work();
      setError(undefined);
      setOperators((await api.operators()).operators);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };
  useEffect(() => {
    void attempt(async () => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const add = (event: FormEvent) => {
    event.preventDefault();
    const urls = events.split(',').map((url) => url.trim()).filter(Boolean);
    void attempt(async () => {
      setLink((await api.addOperator({ email, role, events: urls.length ? urls : null })).set_password_url);
      setEmail('');
    });
  };
  return (
    <>
      <Typography component="h1" variant="h5" gutterBottom>{t('operators.title')}</Typography>
      {error && <Alert severity="error">{error}</Alert>}
      <Table size="small" aria-label={t('operators.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('operators.email')}</TableCell>
            <TableCell>{t('operators.role')}</TableCell>
            <TableCell>{t('operators.events')}</TableCell>
            <TableCell>{t('operators.state')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {operators.map((operator) => (
            <TableRow key={operator.id}>
              <TableCell>{operator.email}</TableCell>
              <TableCell>
                <TextField select size="small" label={t('operators.roleOf', { email: operator.email })} value={operator.role} onChange={(e) => void attempt(() => api.updateOperator(operator.id, { role: e.target.value as OperatorRole }))}>
                  {ROLES.map((r) => <MenuItem key={r} value={r}>{t(`roles.${r}`)}</MenuItem>)}
                </TextField>
              </TableCell>
              <TableCell>{operator.events?.join(', ') ?? t('operators.allEvents')}</TableCell>
              <TableCell>
                <Button size="small" onClick={() => void attempt(() => api.updateOperator(operator.id, { disabled: operator.disabled_at === null }))}>
                  {t(operator.disabled_at === null ? 'operators.disable' : 'operators.enable', { email: operator.email })}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Box component="form" onSubmit={add} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 3, alignItems: 'center' }}>
        <Typography component="h2" variant="h6" sx={{ width: '100%' }}>{t('operators.add')}</Typography>
        <TextField label={t('operators.email')} type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField select label={t('operators.role')} value={role} onChange={(e) => setRole(e.target.value as OperatorRole)} sx={{ minWidth: 160 }}>
          {ROLES.map((r) => <MenuItem key={r} value={r}>{t(`roles.${r}`)}</MenuItem>)}
        </TextField>
        <TextField label={t('operators.eventsHelp')} value={events} onChange={(e) => setEvents(e.target.value)} />
        <Button type="submit" variant="contained">{t('operators.addSubmit')}</Button>
      </Box>
      {link && <Alert severity="info" sx={{ mt: 2, wordBreak: 'break-all' }}>{t('operators.link')} {link}</Alert>}
    </>
  );
}
