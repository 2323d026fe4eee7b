import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** An endpoint's signing secret, shown once (after creating or rotating) with a copy button and a warning. */
export function SecretNotice({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(secret);
    setCopied(true);
  };
  return (
    <Alert severity="warning" sx={{ my: 2 }}>
      <p>{t('webhooks.secret.warning')}</p>
      <Box component="code" data-testid="webhook-secret" sx={{ display: 'block', wordBreak: 'break-all', my: 1 }}>{secret}</Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <Button size="small" variant="outlined" onClick={() => void copy()}>{t('webhooks.secret.copy')}</Button>
        <Button size="small" onClick={onDone}>{t('webhooks.secret.done')}</Button>
        <span role="status">{copied ? t('webhooks.secret.copied') : ''}</span>
      </Box>
    </Alert>
  );
}
