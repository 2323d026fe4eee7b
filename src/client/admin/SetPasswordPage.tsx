import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAdmin } from './useAdmin';

/** `/admin/set-password#token=…`: the one-time link of a new account (or a reset) sets its password. */
export function SetPasswordPage() {
  const { t } = useTranslation('admin');
  const { api } = useAdmin();
  const [token] = useState(() => new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== repeat) return setError(t('setPassword.mismatch'));
    try {
      setDone((await api.setPassword(token, password)).email);
      setError(undefined);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  return (
    <Box component="main" sx={{ maxWidth: 420, mx: 'auto', p: 3 }}>
      <Typography component="h1" variant="h5" gutterBottom>
        {t('setPassword.title')}
      </Typography>
      {done ? (
        <Alert severity="success" action={<Button component={RouterLink} to="/admin">{t('setPassword.toLogin')}</Button>}>
          {t('setPassword.done', { email: done })}
        </Alert>
      ) : (
        <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
          {error && <Alert severity="error">{error}</Alert>}
          <Typography>{t('setPassword.help')}</Typography>
          <TextField label={t('setPassword.password')} type="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} autoFocus />
          <TextField label={t('setPassword.repeat')} type="password" autoComplete="new-password" required value={repeat} onChange={(e) => setRepeat(e.target.value)} />
          <Button type="submit" variant="contained">{t('setPassword.submit')}</Button>
        </Box>
      )}
    </Box>
  );
}
