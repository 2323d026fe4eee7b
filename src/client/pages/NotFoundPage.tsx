import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StandalonePage } from '../components/StandalonePage';
import { useStores } from '../StoreContext';

const REDIRECT_SECONDS = 2;

/** Any path that is no event: 'Event not found', a visible 2-second countdown, then the main site. */
export const NotFoundPage = observer(function NotFoundPage() {
  const { t } = useTranslation();
  const { ui } = useStores();
  const [secondsLeft, setSecondsLeft] = useState(REDIRECT_SECONDS);
  const mainSiteUrl = ui.appConfig?.mainSiteUrl;

  useEffect(() => {
    void ui.loadConfig();
    const timer = window.setInterval(() => setSecondsLeft((value) => Math.max(0, value - 1)), 1000);
    return () => window.clearInterval(timer);
  }, [ui]);

  useEffect(() => {
    // Waits for /api/config when it is slower than the countdown.
    if (secondsLeft === 0 && mainSiteUrl) window.location.assign(mainSiteUrl);
  }, [secondsLeft, mainSiteUrl]);

  return (
    <StandalonePage logoAlt={t('footer.logoAlt')}>
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        {t('notFound.title')}
      </Typography>
      <Typography role="status" sx={{ mb: 2 }}>
        {t('notFound.redirecting', { count: secondsLeft })}
      </Typography>
      {mainSiteUrl ? <Link href={mainSiteUrl}>{t('notFound.link')}</Link> : null}
    </StandalonePage>
  );
});
