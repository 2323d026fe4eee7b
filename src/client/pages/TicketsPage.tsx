import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Panel } from '../components/Panel';
import { SafeHtml } from '../components/SafeHtml';
import { StepNavigation } from '../components/StepNavigation';
import { DiscountBlock } from '../components/tickets/DiscountBlock';
import { TicketRow } from '../components/tickets/TicketRow';
import { useAdvance } from '../flow/useAdvance';
import { useStores } from '../StoreContext';
import { useWaitingRoom } from '../waitingRoom/useWaitingRoom';
import { WaitingRoomPage } from '../waitingRoom/WaitingRoomPage';

/** `/{url}`: choose tickets, maybe a discount code, then Continue creates the purchase. */
export const TicketsPage = observer(function TicketsPage() {
  const { t } = useTranslation('checkout');
  const { checkout, event, actions, seats, botCheck } = useStores();
  // A waiting-room event: the room's page until this browser is let in (its pass then travels with new-purchase).
  const room = useWaitingRoom(event.url, event.event?.sala_espera === true, botCheck);
  const advance = useAdvance('tickets');
  const [searchParams] = useSearchParams();
  const titleId = useId();
  // Stays true after success: the old page may show while the next chunk loads; no second purchase.
  const [advancing, setAdvancing] = useState(false);

  // Opening the bare /{url} starts afresh: it gives up any held purchase and the form draft
  // (on a seated event the server is told, so its places are free on every map at once).
  useEffect(() => {
    if (checkout.purchaseId && event.event?.config?.seats) void seats.startOver(checkout.purchaseId);
    checkout.clearHeldPurchase();
  }, [checkout, event, seats]);

  const onContinue = async () => {
    setAdvancing(true);
    const created = await advance(() => actions.createPurchase(searchParams.get('i')));
    if (!created) setAdvancing(false);
  };

  if (room.kind !== 'admitted') return <WaitingRoomPage status={room.kind === 'waiting' ? room.status : null} failed={room.kind === 'failed'} />;

  return (
    <>
      <Panel labelledBy={titleId}>
        <Typography id={titleId} variant="h1" component="h1" sx={{ mb: 1 }}>
          {t('tickets.title')}
        </Typography>
        {event.tickets.length === 0 ? (
          <Typography>{t('tickets.none')}</Typography>
        ) : (
          <Box component="ul" aria-label={t('tickets.listLabel')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {event.tickets.map((ticket) => (
              <TicketRow key={ticket.id} ticket={ticket} />
            ))}
          </Box>
        )}
        {event.htmlAt('TICKET_INFO').map((block, index) => (
          <SafeHtml key={index} html={block.html} />
        ))}
      </Panel>
      <Panel>
        <DiscountBlock />
        <StepNavigation
          step="tickets"
          onContinue={onContinue}
          continueDisabled={!checkout.canCreatePurchase || advancing}
          pending={checkout.purchasePending || advancing}
          pendingLabel={t('tickets.creating')}
        />
      </Panel>
    </>
  );
});
