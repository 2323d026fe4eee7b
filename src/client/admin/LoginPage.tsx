import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TotpEnrolment } from '../../shared/api';
import { AdminApiError } from './adminApi';
import { useAdmin } from './useAdmin';

/** Sign-in: e-mail and password, then the authenticator's code when the account has TOTP; an owner or manager without it enrols here (QR and secret, then a first code). */
export function LoginPage() {
  const { t } = useTranslation('admin');
  const { api, setOperator } = useAdmin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [enrolment, setEnrolment] = useState<TotpEnrolment>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const answer = enrolment ? await api.finishEnrolment(code) : await api.login({ email, password, ...(step === 'code' && { totp: code }) });
      if ('enrolment' in answer) setEnrolment(answer.enrolment);
      else setOperator(answer.operator);
    } catch (failure) {
      if (failure instanceof AdminApiError && failure.code === 'ADMIN_TOTP_REQUIRED' && step === 'password') setStep('code');
      else setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="main" sx={{ maxWidth: 420, mx: 'auto', p: 3 }}>
      <Typography component="h1" variant="h5" gutterBottom>
        {t(enrolment ? 'login.enrolTitle' : 'login.title')}
      </Typography>
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
        {error && <Alert severity="error">{error}</Alert>}
        {enrolment ? (
          <>
            <Typography>{t('login.enrolHelp')}</Typography>
            <Box role="img" aria-label={t('login.qrLabel')} sx={{ width: 200, height: 200, '& svg': { width: '100%', height: '100%' } }} dangerouslySetInnerHTML={{ __html: enrolment.qr_svg }} />
            <Typography>
              {t('login.secret')} <Box component="code" data-testid="totp-secret" sx={{ wordBreak: 'break-all' }}>{enrolment.secret}</Box>
            </Typography>
          </>
        ) : (
          <>
            <TextField label={t('login.email')} type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} disabled={step === 'code'} autoFocus />
            <TextField label={t('login.password')} type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} disabled={step === 'code'} />
          </>
        )}
        {(enrolment || step === 'code') && (
          <TextField label={t('login.code')} inputMode="numeric" autoComplete="one-time-code" required value={code} onChange={(e) => setCode(e.target.value.trim())} autoFocus slotProps={{ htmlInput: { pattern: '[0-9]*', maxLength: 6 } }} />
        )}
        <Button type="submit" variant="contained" disabled={busy}>
          {t(enrolment || step === 'code' ? 'login.verify' : 'login.submit')}
        </Button>
      </Box>
    </Box>
  );
}
