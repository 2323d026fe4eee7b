import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { observer } from 'mobx-react-lite';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreviewStore } from './PreviewStore';

const fieldSx = { width: '100%', font: 'inherit', p: 1, border: 1, borderColor: 'grey.600', borderRadius: 1, mt: 0.5 } as const;

/** Asks for the admin token (the running server's ADMIN_TOKEN); the store keeps it in sessionStorage. */
export const TokenForm = observer(function TokenForm({ store }: { store: PreviewStore }) {
  const { t } = useTranslation('preview');
  const [token, setToken] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (token.trim()) void store.useToken(token);
  };
  return (
    <Box component="form" onSubmit={submit} aria-labelledby="preview-token" sx={{ maxWidth: 480 }}>
      <Typography id="preview-token" variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
        {t('token.heading')}
      </Typography>
      {store.tokenRefused ? (
        <Typography role="alert" sx={{ color: 'error.dark', mb: 1 }}>
          {t('token.wrong')}
        </Typography>
      ) : null}
      <label htmlFor="preview-token-input">{t('token.label')}</label>
      <Box component="input" id="preview-token-input" type="password" autoComplete="off" value={token} onChange={(e: ChangeEvent<HTMLInputElement>) => setToken(e.target.value)} sx={fieldSx} />
      <Button type="submit" variant="contained" sx={{ mt: 2 }}>
        {t('token.submit')}
      </Button>
    </Box>
  );
});

/** Paste or upload an event file; the server answers its preview (nothing is saved). */
export const SourceForm = observer(function SourceForm({ store }: { store: PreviewStore }) {
  const { t } = useTranslation('preview');
  const [source, setSource] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void store.previewSource(source);
  };
  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const text = await file.text();
    setSource(text);
    void store.previewSource(text);
  };
  return (
    <Box component="form" onSubmit={submit} aria-labelledby="preview-source">
      <Typography id="preview-source" variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
        {t('source.heading')}
      </Typography>
      <label htmlFor="preview-source-text">{t('source.label')}</label>
      <Box
        component="textarea"
        id="preview-source-text"
        rows={10}
        spellCheck={false}
        value={source}
        onChange={(e: ChangeEvent<HTMLTextAreaElement>) => setSource(e.target.value)}
        sx={{ ...fieldSx, fontFamily: 'monospace', fontSize: '0.85rem' }}
      />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mt: 1 }}>
        <Button type="submit" variant="contained">
          {t('source.submit')}
        </Button>
        <Button component="label" variant="outlined">
          {t('source.upload')}
          <Box component="input" type="file" accept=".json,application/json" onChange={(e: ChangeEvent<HTMLInputElement>) => void upload(e)} sx={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }} />
        </Button>
      </Box>
    </Box>
  );
});
