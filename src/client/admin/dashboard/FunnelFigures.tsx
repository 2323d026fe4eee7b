import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DashboardResponse } from '../../../shared/api';
import { pesos } from './money';
import { NumbersTable } from './NumbersTable';

const STAGES = ['held', 'pending', 'paid', 'expired', 'cancelled'] as const;

/** A small table with a name (its caption for screen readers), or "none" when it has no rows. */
function FigureTable({ label, head, rows }: { label: string; head: string[]; rows: (string | number)[][] }) {
  const { t } = useTranslation('admin');
  if (rows.length === 0) return <Typography sx={{ mb: 2 }}>{t('dashboard.none')}</Typography>;
  return <NumbersTable label={label} head={head} rows={rows} sx={{ mb: 3 }} />;
}

/** Discount codes, the conversion from hold to paid, and the door's progress per list and gate. */
export function FunnelFigures({ figures }: { figures: DashboardResponse }) {
  const { t, i18n } = useTranslation('admin');
  const { conversion, checkin } = figures;
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  return (
    <>
      <Typography component="h2" variant="h6">{t('dashboard.codes.title')}</Typography>
      <FigureTable
        label={t('dashboard.codes.title')}
        head={[t('dashboard.codes.code'), t('dashboard.orders'), t('dashboard.codes.discount')]}
        rows={figures.discount_codes.map((row) => [row.code, row.orders, pesos(row.discount)])}
      />
      <Typography component="h2" variant="h6">{t('dashboard.conversion.title')}</Typography>
      <Typography sx={{ mb: 1 }}>{t('dashboard.conversion.rate', { rate: percent.format(conversion.rate), orders: conversion.orders })}</Typography>
      <FigureTable
        label={t('dashboard.conversion.title')}
        head={[t('dashboard.conversion.stage'), t('dashboard.orders')]}
        rows={STAGES.map((stage) => [t(`dashboard.conversion.${stage}`), conversion[stage]])}
      />
      <Typography component="h2" variant="h6">{t('dashboard.checkin.title')}</Typography>
      {checkin.lists.length === 0 && <Typography sx={{ mb: 2 }}>{t('dashboard.none')}</Typography>}
      {checkin.lists.map((list) => (
        <Box key={list.id} sx={{ mb: 2 }}>
          <Typography component="h3" variant="subtitle1">{list.name}</Typography>
          {list.types.map((type) => {
            const label = t('dashboard.checkin.progress', { name: type.name, admitted: type.admitted, total: type.total });
            return (
              <Box key={type.ticket_type} sx={{ mb: 1 }}>
                <Typography variant="body2">{label}</Typography>
                <LinearProgress variant="determinate" value={type.total ? (100 * type.admitted) / type.total : 0} aria-label={label} />
              </Box>
            );
          })}
        </Box>
      ))}
      <Typography component="h3" variant="subtitle1">{t('dashboard.checkin.gates')}</Typography>
      <FigureTable
        label={t('dashboard.checkin.gates')}
        head={[t('dashboard.checkin.gate'), t('dashboard.checkin.list'), t('dashboard.checkin.admitted')]}
        rows={checkin.gates.map((gate) => [gate.name, gate.list, gate.admitted])}
      />
    </>
  );
}
