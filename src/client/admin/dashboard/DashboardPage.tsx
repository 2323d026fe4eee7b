import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminEventListResponse, AdminEventSummary, DashboardGranularity } from '../../../shared/api';
import { failureMessage } from '../failureMessage';
import { useAdmin } from '../useAdmin';
import { FunnelFigures } from './FunnelFigures';
import { useDashboard } from './useDashboard';

/** The charts (`@mui/x-charts`) are a chunk of their own, loaded when the dashboard opens. */
const SalesFigures = lazy(() => import('./SalesFigures').then((module) => ({ default: module.SalesFigures })));

/** An event's sales at a glance, live while the page is open: choose the event, then its figures (charts with their tables). */
export function DashboardPage() {
  const { t } = useTranslation('admin');
  const { api } = useAdmin();
  const [events, setEvents] = useState<AdminEventSummary[]>([]);
  const [url, setUrl] = useState<string>();
  const [granularity, setGranularity] = useState<DashboardGranularity>();
  const [listError, setListError] = useState<string>();
  const { figures, live, error } = useDashboard(url, granularity);
  useEffect(() => {
    api
      .request<AdminEventListResponse>('GET', '/api/admin/events')
      .then((answer) => {
        setEvents(answer.events);
        setUrl((chosen) => chosen ?? answer.events[0]?.url);
      })
      .catch((failure: unknown) => setListError(failureMessage(failure)));
  }, [api]);
  const shown = figures && figures.event.url === url ? figures : undefined;
  return (
    <>
      <Typography component="h1" variant="h5" gutterBottom>{t('dashboard.title')}</Typography>
      {(listError ?? error) && <Alert severity="error">{listError ?? error}</Alert>}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 3 }}>
        <TextField select label={t('dashboard.event')} value={url ?? ''} onChange={(e) => { setUrl(e.target.value); setGranularity(undefined); }} sx={{ minWidth: 260 }}>
          {events.map((event) => <MenuItem key={event.url} value={event.url}>{event.name}</MenuItem>)}
        </TextField>
        <ToggleButtonGroup
          exclusive
          size="small"
          aria-label={t('dashboard.granularity')}
          value={shown?.granularity ?? granularity ?? null}
          onChange={(_e, value: DashboardGranularity | null) => value && setGranularity(value)}
        >
          <ToggleButton value="hour">{t('dashboard.perHour')}</ToggleButton>
          <ToggleButton value="day">{t('dashboard.perDay')}</ToggleButton>
        </ToggleButtonGroup>
        <Box role="status">
          {url && <Chip size="small" variant="outlined" color={live ? 'success' : 'default'} label={t(live ? 'dashboard.live' : 'dashboard.offline')} />}
        </Box>
      </Box>
      {events.length === 0 && !listError && <Typography>{t('dashboard.noEvents')}</Typography>}
      {shown && (
        <>
          <Suspense>
            <SalesFigures figures={shown} />
          </Suspense>
          <FunnelFigures figures={shown} />
        </>
      )}
    </>
  );
}
