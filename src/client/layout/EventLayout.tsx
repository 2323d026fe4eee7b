import Box from '@mui/material/Box';
import { observer } from 'mobx-react-lite';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate, useParams, useSearchParams } from 'react-router';
import { LoadingIndicator, PageLoading } from '../components/LoadingIndicator';
import { OrderSummary } from '../components/summary/OrderSummary';
import { useStores } from '../StoreContext';
import { Footer } from './Footer';
import { Header } from './Header';
import { LeaveGuard } from './LeaveGuard';
import { SeatMapSlot } from './SeatMapSlot';
import { StepBar } from './StepBar';

/**
 * Everything under /{url}: loads the event (queries `ticket` and `access` passed on; a failure is
 * logged and sends the buyer to /), then header, step bar, the page in the left
 * column (~60 %), seat map + order summary on the right (~40 %), footer.
 */
export const EventLayout = observer(function EventLayout() {
  const { t } = useTranslation();
  const { url = '' } = useParams();
  const [searchParams] = useSearchParams();
  const ticketQuery = searchParams.get('ticket');
  const access = searchParams.get('access');
  const { event } = useStores();
  const navigate = useNavigate();

  useEffect(() => {
    let current = true;
    void event.load(url, ticketQuery, access).then((loaded) => {
      if (!loaded && current && event.status === 'error') {
        console.error(`Could not load event "${url}"`, event.error);
        navigate('/', { replace: true });
      }
    });
    return () => {
      current = false;
    };
  }, [event, url, ticketQuery, access, navigate]);

  const ready = event.isReady && event.url === url;
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box
        component="a"
        href="#main"
        sx={{ position: 'absolute', left: -9999, '&:focus': { left: 8, top: 8, zIndex: 10, bgcolor: 'background.paper', p: 1 } }}
      >
        {t('skipToContent')}
      </Box>
      <Header />
      <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, width: '100%', maxWidth: 1200, mx: 'auto', px: { xs: 1.5, sm: 3 }, py: { xs: 2, sm: 3 } }}>
        {ready ? (
          <>
            <StepBar />
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, gap: { xs: 0, md: 3 }, alignItems: 'start' }}>
              <Box data-column="left">
                <Suspense fallback={<PageLoading />}>
                  <Outlet />
                </Suspense>
              </Box>
              <Box data-column="right" sx={{ position: { md: 'sticky' }, top: { md: 16 } }}>
                <SeatMapSlot />
                <OrderSummary />
              </Box>
            </Box>
            <LeaveGuard url={url} />
          </>
        ) : (
          <LoadingIndicator />
        )}
      </Box>
      <Footer />
    </Box>
  );
});
