import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../hooks/useMoney';
import { useStores } from '../../StoreContext';
import { Panel } from '../Panel';

function Row({ label, amount, strong, tone }: { label: ReactNode; amount: string; strong?: boolean; tone?: 'discount' }) {
  return (
    <Box component="li" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.75, fontWeight: strong ? 700 : 400, color: tone === 'discount' ? 'success.dark' : undefined }}>
      <span>{label}</span>
      <Box component="span" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        {amount}
      </Box>
    </Box>
  );
}

/** The order summary (docs/product-rules.md, *Money and pricing*): lines, volume discounts, discount code, 'Cargo por servicio' and the total. */
export const OrderSummary = observer(function OrderSummary() {
  const { t } = useTranslation('checkout');
  const { checkout } = useStores();
  const money = useMoney();
  const headingId = useId();
  const summary = checkout.summary;
  const listSx = { listStyle: 'none', m: 0, p: 0 };

  return (
    <Panel labelledBy={headingId}>
      <Typography id={headingId} variant="h2" component="h2" sx={{ mb: 1 }}>
        {t('summary.title')}
      </Typography>
      {summary.tickets.length === 0 ? (
        <Typography color="text.secondary">{t('summary.empty')}</Typography>
      ) : (
        <>
          <Box component="ul" sx={listSx}>
            {summary.tickets.map((line) => {
              const seats = checkout.seatsOf(line.ticketId);
              const name = t('summary.line', { name: line.name, count: line.quantity });
              const label = seats.length > 0 ? <>{name}<Box component="span" sx={{ display: 'block', fontSize: '0.875rem', color: 'text.secondary' }}>{t('summary.seats', { labels: [...new Set(seats)].join(', ') })}</Box></> : name;
              return <Row key={`t${line.ticketId}`} label={label} amount={money(line.grossCents)} />;
            })}
            {summary.tickets
              .filter((line) => line.volumeDiscountCents > 0)
              .map((line) => (
                <Row key={`v${line.ticketId}`} tone="discount" label={t('summary.volumeDiscount', { name: line.name })} amount={`−${money(line.volumeDiscountCents)}`} />
              ))}
            {summary.code ? (
              <Row tone="discount" label={t('summary.discountCode', { code: summary.code })} amount={`−${money(summary.discountCodeCents)}`} />
            ) : null}
            {summary.products.map((line) => (
              <Row key={`p${line.productId}`} label={t('summary.line', { name: line.name, count: line.quantity })} amount={money(line.cents)} />
            ))}
            {summary.showServiceCharge ? <Row label={t('summary.serviceCharge')} amount={money(summary.serviceChargeCents)} /> : null}
          </Box>
          <Divider sx={{ my: 1 }} />
          <Box component="ul" sx={listSx} aria-live="polite">
            <Row strong label={t('summary.total')} amount={money(summary.totalCents)} />
          </Box>
        </>
      )}
    </Panel>
  );
});
