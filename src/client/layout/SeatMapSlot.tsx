import Box from '@mui/material/Box';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../StoreContext';
import { Panel } from '../components/Panel';

/** Where the seat chart goes (500 px) for events with a seats config; the chart itself is a later issue. */
export const SeatMapSlot = observer(function SeatMapSlot() {
  const { t } = useTranslation('checkout');
  const { event } = useStores();
  const seats = event.event?.config?.seats;
  if (!seats || !seats.workspaceKey || !seats.eventKey) return null;
  return (
    <Panel label={t('seatMap.label')}>
      <Box data-seat-map sx={{ height: 500 }} />
    </Panel>
  );
});
