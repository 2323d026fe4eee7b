import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { Panel } from '../components/Panel';
import type { OrderApi } from './orderApi';
import { useOrderTranslation } from './orderNamespace';

/**
 * "Find my order": e-mail + purchase number → the server e-mails a new link when they match a
 * paid order. Its answer is the same either way, and so is what this form says.
 */
export function FindOrderForm({ api }: { api: OrderApi }) {
  const { t } = useOrderTranslation();
  const titleId = useId();
  const [email, setEmail] = useState('');
  const [reference, setReference] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setState('sending');
    api.find(email.trim(), reference.trim()).then(() => setState('sent'), () => setState('failed'));
  };

  return (
    <Panel labelledBy={titleId}>
      <Typography id={titleId} variant="h2" component="h2" sx={{ fontSize: '1.4rem', mb: 1 }}>
        {t('find.heading')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('find.intro')}</Typography>
      <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 2, maxWidth: 480 }}>
        <TextField label={t('find.email')} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField label={t('find.reference')} required value={reference} onChange={(e) => setReference(e.target.value)} />
        <Button type="submit" variant="contained" size="large" disabled={state === 'sending'}>
          {t('find.submit')}
        </Button>
      </Box>
      <Typography role="status" aria-live="polite" sx={{ mt: 2 }}>
        {state === 'sent' ? t('find.sent') : state === 'failed' ? t('find.failed') : ''}
      </Typography>
    </Panel>
  );
}
