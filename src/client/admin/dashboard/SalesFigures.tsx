import { BarChart } from '@mui/x-charts/BarChart';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DashboardResponse } from '../../../shared/api';
import { DataFigure } from './DataFigure';
import { pesos } from './money';

const HEIGHT = 260;

/** Sales per bucket, revenue per payment method and per ticket type (sold against capacity). */
export function SalesFigures({ figures }: { figures: DashboardResponse }) {
  const { t, i18n } = useTranslation('admin');
  const bucketLabel = (bucket: string) =>
    new Date(bucket).toLocaleString(i18n.language, figures.granularity === 'hour' ? { dateStyle: 'short', timeStyle: 'short' } : { dateStyle: 'medium' });
  const buckets = figures.sales.map((row) => bucketLabel(row.bucket));
  const methods = figures.revenue_by_method;
  const types = figures.revenue_by_ticket_type;
  return (
    <>
      <Typography component="h2" variant="h6">{t('dashboard.sales.title')}</Typography>
      <DataFigure
        caption={t(`dashboard.sales.caption.${figures.granularity}`)}
        chart={<BarChart height={HEIGHT} xAxis={[{ scaleType: 'band', data: buckets }]} series={[{ data: figures.sales.map((row) => row.tickets), label: t('dashboard.tickets') }]} />}
        head={[t('dashboard.sales.bucket'), t('dashboard.orders'), t('dashboard.tickets'), t('dashboard.revenue')]}
        rows={figures.sales.map((row, index) => [buckets[index], row.orders, row.tickets, pesos(row.revenue)])}
      />
      <Typography component="h2" variant="h6">{t('dashboard.revenue')}</Typography>
      <DataFigure
        caption={t('dashboard.byMethod.caption')}
        chart={<BarChart height={HEIGHT} xAxis={[{ scaleType: 'band', data: methods.map((row) => row.method) }]} series={[{ data: methods.map((row) => row.revenue), label: t('dashboard.revenue'), valueFormatter: (value) => pesos(value ?? 0) }]} />}
        head={[t('dashboard.byMethod.method'), t('dashboard.orders'), t('dashboard.revenue')]}
        rows={methods.map((row) => [row.method, row.orders, pesos(row.revenue)])}
      />
      <DataFigure
        caption={t('dashboard.byType.caption')}
        chart={
          <BarChart
            height={HEIGHT}
            xAxis={[{ scaleType: 'band', data: types.map((row) => row.name) }]}
            series={[{ data: types.map((row) => row.sold), label: t('dashboard.byType.sold') }, { data: types.map((row) => row.capacity), label: t('dashboard.byType.capacity') }]}
          />
        }
        head={[t('dashboard.byType.type'), t('dashboard.byType.sold'), t('dashboard.byType.held'), t('dashboard.byType.capacity'), t('dashboard.revenue')]}
        rows={types.map((row) => [row.name, row.sold, row.held, row.capacity, pesos(row.revenue)])}
      />
    </>
  );
}
