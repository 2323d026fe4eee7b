import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { pesosToCents } from '../../../shared/money';
import type { TicketType } from '../../api/types';
import { useMoney } from '../../hooks/useMoney';
import { useStores } from '../../StoreContext';
import { MoreInfo } from '../MoreInfo';
import { QuantitySelect } from '../QuantitySelect';
import { SafeHtml } from '../SafeHtml';
import { WaitingListButton } from '../../waiting-list/WaitingListButton';

/** One ticket type: name, price, quantity (or 'Sold Out') and its expandable description. */
export const TicketRow = observer(function TicketRow({ ticket }: { ticket: TicketType }) {
  const { t } = useTranslation('checkout');
  const { checkout, seats, event } = useStores();
  const money = useMoney();
  const soldOut = !(ticket.maximum > 0);
  const waitingList = soldOut ? event.event?.waiting_list?.find((w) => w.id === ticket.id) : undefined;
  return (
    <Box component="li" sx={{ py: 2, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h3" component="h2">
            {ticket.name}
          </Typography>
          <Typography sx={{ fontWeight: 600, mt: 0.5 }}>{money(pesosToCents(Number(ticket.price)))}</Typography>
        </Box>
        {soldOut ? (
          <Box sx={{ textAlign: 'right' }}>
            <Typography sx={{ fontWeight: 700, color: 'error.main', whiteSpace: 'nowrap' }}>{t('tickets.soldOut')}</Typography>
            {waitingList ? <WaitingListButton ticketId={ticket.id} name={ticket.name} minimum={ticket.minimum} maximum={waitingList.maximum} /> : null}
          </Box>
        ) : seats.isSeated(ticket.id) ? (
          // A seated type's quantity is the number of its places chosen on the map.
          <Typography sx={{ textAlign: 'right' }}>
            {checkout.quantityOf(ticket.id) > 0 ? t('summary.line', { name: ticket.name, count: checkout.quantityOf(ticket.id) }) : t('tickets.onMap')}
          </Typography>
        ) : (
          <QuantitySelect
            label={t('tickets.quantity')}
            hiddenLabel={t('tickets.quantityOf', { name: ticket.name })}
            minimum={ticket.minimum}
            maximum={ticket.maximum}
            value={checkout.quantityOf(ticket.id)}
            onChange={(quantity) => checkout.setTicketQuantity(ticket.id, quantity)}
            disabled={checkout.purchasePending}
          />
        )}
      </Box>
      {ticket.description ? (
        <MoreInfo label={t('tickets.moreInfo')} hiddenLabel={ticket.name}>
          <SafeHtml html={ticket.description} />
        </MoreInfo>
      ) : null}
    </Box>
  );
});
