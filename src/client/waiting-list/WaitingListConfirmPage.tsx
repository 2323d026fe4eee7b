import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import type { WaitingListConfirmResponse } from '../../shared/api';
import { StandalonePage } from '../components/StandalonePage';
import { confirmWaitingList } from './waitingListApi';
import { useWaitingListTranslation } from './waitingListNamespace';

type Loaded = { state: 'working' } | { state: 'done'; answer: WaitingListConfirmResponse } | { state: 'failed'; message: string };

/** The confirmation link's key (`#key=…`), taken off the address bar so it is not left in the history. */
function takeKey(): string | null {
  const key = new URLSearchParams(window.location.hash.slice(1)).get('key');
  if (key) window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  return key;
}

/** `/{url}/waiting-list`, the confirmation e-mail's link: puts the entry in line and says where it stands. */
export default function WaitingListConfirmPage() {
  const { t, i18n } = useWaitingListTranslation();
  const { url = '' } = useParams();
  const [key] = useState(takeKey);
  const [loaded, setLoaded] = useState<Loaded>(() => (key ? { state: 'working' } : { state: 'failed', message: t('confirm.missing') }));

  useEffect(() => {
    if (!key) return;
    confirmWaitingList(key, i18n.language).then(
      (answer) => setLoaded({ state: 'done', answer }),
      (error: unknown) => setLoaded({ state: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  }, [key, i18n.language]);

  return (
    <StandalonePage logoAlt={t('common:footer.logoAlt')}>
      <Typography variant="h1" component="h1" sx={{ fontSize: '1.75rem', mb: 2 }}>
        {t('confirm.title')}
      </Typography>
      <div role="status" aria-live="polite">
        {loaded.state === 'working' ? <Typography>{t('confirm.working')}</Typography> : null}
        {loaded.state === 'failed' ? <Alert severity="error">{loaded.message}</Alert> : null}
        {loaded.state === 'done' ? (
          <Alert severity="success" sx={{ textAlign: 'left' }}>
            {loaded.answer.estado === 'en_fila'
              ? t('confirm.inLine', { count: loaded.answer.cantidad, ticket: loaded.answer.boleto, event: loaded.answer.evento, place: loaded.answer.lugar })
              : t('confirm.offered', { count: loaded.answer.cantidad, ticket: loaded.answer.boleto, event: loaded.answer.evento })}
          </Alert>
        ) : null}
      </div>
      {loaded.state === 'done' && loaded.answer.estado === 'en_fila' ? <Typography sx={{ mt: 2 }}>{t('confirm.next')}</Typography> : null}
      <Button href={`/${encodeURIComponent(loaded.state === 'done' ? loaded.answer.url : url)}`} variant="outlined" sx={{ mt: 3 }}>
        {t('confirm.back')}
      </Button>
    </StandalonePage>
  );
}
