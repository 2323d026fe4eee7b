import Box from '@mui/material/Box';
import { observer } from 'mobx-react-lite';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../StoreContext';
import { Panel } from '../components/Panel';
import { LoadingIndicator } from '../components/LoadingIndicator';
import { useCurrentStep } from '../hooks/useCurrentStep';
import { lazyWithRetry } from '../lib/lazyWithRetry';

// Its own chunk, with the chart component: loaded only when a seated event's ticket page shows it.
const SeatMap = lazyWithRetry(() => import('../seats/SeatMap'));

/** The seat map (500 px) for events with a seats config, on the ticket page where places are chosen. */
export const SeatMapSlot = observer(function SeatMapSlot() {
  const { t } = useTranslation('checkout');
  const { event, ui } = useStores();
  const step = useCurrentStep();
  const seats = event.event?.config?.seats;
  const chartJsUrl = ui.appConfig?.seatsio?.chartJsUrl;
  if (!seats || !seats.workspaceKey || !seats.eventKey || step?.id !== 'tickets') return null;
  return (
    <Panel label={t('seatMap.label')}>
      <Box data-seat-map sx={{ height: 500 }}>
        {chartJsUrl ? (
          <Suspense fallback={<LoadingIndicator />}>
            <SeatMap seats={seats} chartJsUrl={chartJsUrl} />
          </Suspense>
        ) : (
          <LoadingIndicator />
        )}
      </Box>
    </Panel>
  );
});
