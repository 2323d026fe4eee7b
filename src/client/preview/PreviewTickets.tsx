import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { formatMoney, pesosToCents } from '../../shared/money';
import type { EventPreviewEvent } from '../../shared/api';
import { MoreInfo } from '../components/MoreInfo';
import { QuantitySelect } from '../components/QuantitySelect';
import { SafeHtml } from '../components/SafeHtml';
import type { PreviewStore } from './PreviewStore';

/** A file's currency may be anything while it is being written: an unknown one shows as pesos. */
function price(pesos: number, currency: string): string {
  try {
    return formatMoney(pesosToCents(pesos), currency);
  } catch {
    return formatMoney(pesosToCents(Number.isFinite(pesos) ? pesos : 0));
  }
}

/**
 * The ticket list as the ticket page shows it (name, price, description), with the storefront's
 * quantity select choosing how many attendee blocks of each type to preview.
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
              <QuantitySelect
                label={t('tickets.blocks')}
                hiddenLabel={t('tickets.blocksOf', { name: ticket.name })}
                minimum={1}
                maximum={Math.max(1, Math.min(ticket.maximum, 10))}
                value={store.quantities.get(ticket.id) ?? 0}
                onChange={(quantity) => store.setQuantity(ticket.id, quantity)}
              />
            ) : null}
          </Box>
          {ticket.description ? (
            <MoreInfo label={tCheckout('tickets.moreInfo')} hiddenLabel={ticket.name}>
              <SafeHtml html={ticket.description} />
            </MoreInfo>
          ) : null}
        </Box>
      ))}
    </Box>
  );
});
