import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { observer } from 'mobx-react-lite';
import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventPreviewEvent } from '../../shared/api';
import { SafeHtml } from '../components/SafeHtml';
import type { PreviewStore } from './PreviewStore';

/**
 * The price as the ticket page writes it (es-MX, the event's currency). Not through shared/money:
 * importing it here made the bundler split it out of the first bundle (one more request per buyer).
 * A file's currency may be anything while it is being written: an unknown one shows as pesos.
 */
function price(pesos: number, currency: string): string {
  try {
    return new Intl.NumberFormat('es-MX', { style: 'currency', currency }).format(pesos);
  } catch {
    return new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN' }).format(Number.isFinite(pesos) ? pesos : 0);
  }
}

/**
 * How many attendee blocks of a type to show: a native select like the ticket page's quantity
 * picker, written here because sharing that module with this lazy chunk made the bundler split it
 * (and its icons) out of the first bundle — more requests on every buyer's first visit.
 */
function BlockCount({ label, maximum, value, onChange }: { label: string; maximum: number; value: number; onChange: (value: number) => void }) {
  const id = useId();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end' }}>
      <label htmlFor={id}>{label}</label>
      <Box component="select" id={id} value={value} onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(Number(event.target.value))} sx={{ font: 'inherit', minHeight: 44, minWidth: 72, mt: 0.5 }}>
        {Array.from({ length: maximum + 1 }, (_, count) => (
          <option key={count} value={count}>
            {count}
          </option>
        ))}
      </Box>
    </Box>
  );
}

/**
 * The ticket list as the ticket page shows it (name, price, description), with the storefront's
 * a select of how many attendee blocks of each type to preview.
 */
export const PreviewTickets = observer(function PreviewTickets({ event, store }: { event: EventPreviewEvent; store: PreviewStore }) {
  const { t } = useTranslation('preview');
  const { t: tCheckout } = useTranslation('checkout');
  if (event.tickets.length === 0) return <Typography>{t('tickets.none')}</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {event.tickets.map((ticket) => (
        <Box component="li" key={ticket.id} sx={{ py: 2, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', justifyContent: 'space-between' }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h3" component="h3">
                {ticket.name}
              </Typography>
              <Typography sx={{ fontWeight: 600, mt: 0.5 }}>{price(ticket.price, event.currency)}</Typography>
              {ticket.hidden ? <Typography sx={{ color: 'text.secondary' }}>{t('tickets.hidden')}</Typography> : null}
              {!ticket.hasForm ? <Typography sx={{ color: 'text.secondary' }}>{t('tickets.noForm')}</Typography> : null}
            </Box>
            {ticket.hasForm ? (
              <BlockCount
                label={t('tickets.blocksOf', { name: ticket.name })}
                maximum={Math.max(1, Math.min(ticket.maximum, 10))}
                value={store.quantities.get(ticket.id) ?? 0}
                onChange={(quantity) => store.setQuantity(ticket.id, quantity)}
              />
            ) : null}
          </Box>
          {ticket.description ? (
            <Box component="details" sx={{ mt: 1 }}>
              <summary>{tCheckout('tickets.moreInfo')}</summary>
              <SafeHtml html={ticket.description} />
            </Box>
          ) : null}
        </Box>
      ))}
    </Box>
  );
});
