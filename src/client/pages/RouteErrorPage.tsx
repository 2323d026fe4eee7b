import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { StandalonePage } from '../components/StandalonePage';
import { useStores } from '../StoreContext';

/** Status (or null) and message of whatever a route threw; an HTTP-ish error (ApiError, Response) has a status. */
export function describeRouteError(error: unknown): { status: string | null; message: string } {
  const candidate = error as { status?: unknown; mensaje?: unknown; message?: unknown; statusText?: unknown } | null;
  const status = typeof candidate?.status === 'number' && candidate.status > 0 ? String(candidate.status) : null;
  const message =
    typeof candidate?.mensaje === 'string' && candidate.mensaje
      ? candidate.mensaje
      : typeof candidate?.message === 'string'
        ? candidate.message
        : typeof candidate?.statusText === 'string'
          ? candidate.statusText
          : typeof error === 'string'
            ? error
            : String(error);
  return { status, message };
}

/** The route error page: heading, status or 'Error', the message, main-site and support links. */
export const RouteErrorPage = observer(function RouteErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const { ui } = useStores();
  const { status, message } = describeRouteError(error);

  useEffect(() => {
    void ui.loadConfig();
  }, [ui]);

  const supportEmail = ui.appConfig?.supportEmail ?? '';
  const subject = encodeURIComponent(t('routeError.mailSubject'));
  const body = encodeURIComponent(t('routeError.mailBody', { url: window.location.href, error: `${status ?? t('routeError.fallbackStatus')}: ${message}` }));

  return (
    <StandalonePage logoAlt={t('footer.logoAlt')}>
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        {t('routeError.heading')}
      </Typography>
      <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
        {status ?? t('routeError.fallbackStatus')}
      </Typography>
      <Typography sx={{ mb: 3, wordBreak: 'break-word' }}>{message}</Typography>
      <Box sx={{ display: 'flex', gap: 3, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Link href={ui.appConfig?.mainSiteUrl ?? '/'}>{t('routeError.backToMain')}</Link>
        <Link href={`mailto:${supportEmail}?subject=${subject}&body=${body}`}>{t('routeError.contactSupport')}</Link>
      </Box>
    </StandalonePage>
  );
});
