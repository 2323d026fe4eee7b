import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WaitingRoomStatusResponse } from '../../shared/api';
import { Panel } from '../components/Panel';

/** A screen reader hears the place at most this often (the page itself shows every change). */
const ANNOUNCE_EVERY_MS = 60_000;

/** The estimated wait in words: minutes, or "less than a minute". */
function useWaitText(seconds: number | null): string {
  const { t } = useTranslation('checkout');
  if (seconds === null) return '';
  return seconds < 60 ? t('waitingRoom.waitUnderMinute') : t('waitingRoom.waitMinutes', { count: Math.ceil(seconds / 60) });
}

/** The waiting page shown instead of the tickets while the browser waits its turn (`useWaitingRoom`). */
export function WaitingRoomPage({ status, failed }: { status: WaitingRoomStatusResponse | null; failed: boolean }) {
  const { t, i18n } = useTranslation('checkout');
  const titleId = useId();
  const waitText = useWaitText(status?.espera_segundos ?? null);
  const line = !status
    ? t('waitingRoom.checking')
    : status.estado === 'sorteo'
      ? status.abre && Date.parse(status.abre) > Date.now()
        ? t('waitingRoom.lottery', { time: new Date(status.abre).toLocaleString(i18n.language) })
        // Opened, the draw not made yet (it waits for the arrivals of before the opening still in line).
        : t('waitingRoom.drawing')
      : t('waitingRoom.place', { place: status.lugar ?? 0 });
  // The live region changes at a calm rate: the first line at once, then at most once a minute.
  const [announced, setAnnounced] = useState('');
  const lastAnnounced = useRef(0);
  useEffect(() => {
    const now = Date.now();
    if (line === announced || now - lastAnnounced.current < ANNOUNCE_EVERY_MS) return;
    lastAnnounced.current = now;
    setAnnounced(line);
  }, [line, announced]);

  return (
    <Panel labelledBy={titleId}>
      <Typography id={titleId} variant="h1" component="h1" sx={{ mb: 1 }}>
        {t('waitingRoom.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('waitingRoom.intro')}</Typography>
      {failed ? (
        <Typography role="alert">{t('waitingRoom.failed')}</Typography>
      ) : (
        <>
          <Typography variant="h2" component="p" data-testid="waiting-room-place" sx={{ fontSize: '1.5rem', fontWeight: 600 }}>
            {line}
          </Typography>
          {waitText && <Typography data-testid="waiting-room-wait">{waitText}</Typography>}
          <Typography sx={{ mt: 2 }}>{t('waitingRoom.keepOpen')}</Typography>
        </>
      )}
      <span aria-live="polite" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>
        {announced}
      </span>
    </Panel>
  );
}
