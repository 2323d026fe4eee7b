import Box from '@mui/material/Box';
import { planSentence } from '../../shared/installments-words';
import { pesosToCents } from '../../shared/money';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { OrderViewResponse } from '../../shared/api';
import { Panel } from '../components/Panel';
import { orderLocale, pesosText } from './orderFormat';
import { useOrderTranslation } from './orderNamespace';

/** The order's payments, its total and its history (when, what, why), oldest first; nothing on a ticket holder's view. */
export function OrderRecord({ order }: { order: OrderViewResponse }) {
  const { t, i18n } = useOrderTranslation();
  const amounts = order.montos;
  const paymentsId = useId();
  const historyId = useId();
  const locale = orderLocale(i18n.language);
  const money = (pesos: number, currency?: string) => pesosText(pesos, i18n.language, currency);
  const date = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const known = (reason: string) => i18n.exists(`order:history.reason.${reason}`);
  if (order.alcance === 'boleto' || !amounts) return null;
  return (
    <>
      <Panel labelledBy={paymentsId}>
        <Typography id={paymentsId} variant="h2" component="h2" sx={{ fontSize: '1.4rem', mb: 1 }}>
          {t('payments.heading')}
        </Typography>
        <Box component="ul" sx={{ pl: 2, m: 0 }}>
          {order.pagos.map((p, index) => (
            <li key={index}>
              {t('payments.line', { method: p.metodo, amount: money(p.monto, p.moneda), status: i18n.exists(`order:payments.state.${p.estado}`) ? t(`payments.state.${p.estado}`) : p.estado })}
              {p.meses && ` · ${planSentence(i18n.language === 'en' ? 'en' : 'es', { months: p.meses.meses, totalCents: pesosToCents(p.meses.total), amountCents: p.meses.sin_intereses ? pesosToCents(p.meses.total) : 0, currency: p.moneda })}`}
            </li>
          ))}
        </Box>
        <Typography sx={{ mt: 1, fontWeight: 600 }}>{t('payments.total', { amount: money(amounts.amount + amounts.amountProductos) })}</Typography>
      </Panel>
      <Panel labelledBy={historyId}>
        <Typography id={historyId} variant="h2" component="h2" sx={{ fontSize: '1.4rem', mb: 1 }}>
          {t('history.heading')}
        </Typography>
        <Box component="ol" sx={{ pl: 2, m: 0 }}>
          {order.historial.map((h, index) => (
            <li key={index}>
              <time dateTime={h.fecha}>{date(h.fecha)}</time> — {t(`history.reason.${known(h.motivo) ? h.motivo : 'other'}`)}
            </li>
          ))}
        </Box>
      </Panel>
    </>
  );
}
