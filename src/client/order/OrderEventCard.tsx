import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { OrderEventInfo } from '../../shared/api';
import { Panel } from '../components/Panel';
import { useOrderTranslation } from './orderNamespace';
import { orderLocale } from './orderFormat';

/** The event of the order: name, date, venue with a map link, and its calendar file. */
export function OrderEventCard({ event }: { event: OrderEventInfo }) {
  const { t, i18n } = useOrderTranslation();
  const titleId = useId();
  const when = event.inicio
    ? new Intl.DateTimeFormat(orderLocale(i18n.language), { dateStyle: 'full', timeStyle: 'short' }).format(new Date(event.inicio))
    : null;
  return (
    <Panel labelledBy={titleId}>
      <Typography id={titleId} variant="h2" component="h2" sx={{ fontSize: '1.4rem', mb: 1 }}>
        {event.nombre}
      </Typography>
      {when ? <Typography>{when}</Typography> : null}
      {event.lugar ? (
        <Typography sx={{ mb: 1 }}>
          {[event.lugar.nombre, event.lugar.direccion].filter(Boolean).join(' · ')}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {event.lugar ? (
          <Button variant="outlined" href={event.lugar.mapa_url} target="_blank" rel="noopener noreferrer">
            {t('event.map')}
          </Button>
        ) : null}
        {event.calendario_url ? (
          <Button variant="outlined" href={event.calendario_url} download>
            {t('event.calendar')}
          </Button>
        ) : null}
      </Box>
    </Panel>
  );
}
