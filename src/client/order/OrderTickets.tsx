import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import type { OrderTicket } from '../../shared/api';
import { Panel } from '../components/Panel';
import { useOrderTranslation } from './orderNamespace';
import { TicketQr } from './TicketQr';

/**
 * Every ticket of the order: type, folio, seat, holder, its QR, the PDF and the wallet pass page;
 * "Correct details" while answers may change. `extraActions` is the slot where other actions on
 * one ticket (transfer) go.
 */
export function OrderTickets({ tickets, canEdit, onEdit, extraActions }: {
  tickets: OrderTicket[];
  canEdit: boolean;
  onEdit: (ticket: OrderTicket) => void;
  extraActions?: (ticket: OrderTicket) => ReactNode;
}) {
  const { t } = useOrderTranslation();
  const titleId = useId();
  return (
    <Panel labelledBy={titleId}>
      <Typography id={titleId} variant="h2" component="h2" sx={{ fontSize: '1.4rem', mb: 2 }}>
        {t('tickets.heading')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
        {tickets.map((ticket) => (
          <Box component="li" key={ticket.id} data-testid="order-ticket" sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            {ticket.qr ? <TicketQr payload={ticket.qr} label={t('tickets.qr', { folio: ticket.folio })} /> : null}
            <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
              <Typography variant="h3" component="h3" sx={{ fontSize: '1.1rem', fontWeight: 600 }}>
                {t('tickets.ticket', { type: ticket.tipo, folio: ticket.folio })}
              </Typography>
              <Typography data-testid="order-ticket-holder">{t('tickets.holder', { name: ticket.titular })}</Typography>
              {ticket.asiento ? <Typography>{t('tickets.seat', { seat: ticket.asiento })}</Typography> : null}
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }}>
                {ticket.pdf_url ? <Button variant="outlined" href={ticket.pdf_url} target="_blank" rel="noopener noreferrer">{t('tickets.pdf')}</Button> : null}
                {ticket.pase_url ? <Button variant="outlined" href={ticket.pase_url} target="_blank" rel="noopener noreferrer">{t('tickets.pass')}</Button> : null}
                {canEdit && ticket.respuestas ? (
                  <Button variant="outlined" onClick={() => onEdit(ticket)} aria-haspopup="dialog" aria-label={t('tickets.editLabel', { folio: ticket.folio })}>
                    {t('tickets.edit')}
                  </Button>
                ) : null}
                {extraActions?.(ticket)}
              </Box>
            </Box>
          </Box>
        ))}
      </Box>
    </Panel>
  );
}
