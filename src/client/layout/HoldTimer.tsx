import Box from '@mui/material/Box';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TimerIcon } from '../components/icons';
import { VisuallyHidden } from '../components/VisuallyHidden';
import { useNow } from '../hooks/useNow';

/** mm:ss for a number of milliseconds (minutes may exceed 59, up to a checkout hold's longest, 120); h:mm:ss beyond (a waiting list's offer). */
export function formatCountdown(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  if (totalSeconds > 120 * 60) {
    const hours = Math.floor(totalSeconds / 3600);
    return `${hours}:${String(Math.floor((totalSeconds % 3600) / 60)).padStart(2, '0')}:${String(totalSeconds % 60).padStart(2, '0')}`;
  }
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

// Screen readers hear the countdown only at these marks (seconds left), never every tick.
const ANNOUNCEMENTS: [number, string][] = [
  [120, 'common:timer.twoMinutesLeft'],
  [60, 'common:timer.oneMinuteLeft'],
];

/** The header countdown to the hold's expiry; calls `onExpire` once at zero. */
export function HoldTimer({ expiresAt, onExpire }: { expiresAt: string; onExpire(): void }) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const remaining = Date.parse(expiresAt) - now;
  const expired = !(remaining > 0);
  const [announcement, setAnnouncement] = useState('');
  const previous = useRef<number | null>(null);
  const expireRef = useRef(onExpire);
  expireRef.current = onExpire;

  useEffect(() => {
    if (expired) expireRef.current();
  }, [expired]);

  useEffect(() => {
    const secondsLeft = Math.ceil(remaining / 1000);
    const before = previous.current;
    previous.current = secondsLeft;
    if (before === null) return;
    const crossed = ANNOUNCEMENTS.find(([mark]) => before > mark && secondsLeft <= mark);
    if (crossed) setAnnouncement(t(crossed[1]));
  }, [remaining, t]);

  return (
    <TimerFace label={t('common:timer.label')} time={formatCountdown(remaining)} urgent={remaining <= 120_000}>
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
    </TimerFace>
  );
}

/** The countdown's look: icon, label (from the tablet up) and mm:ss. */
function TimerFace({ label, time, urgent, children }: { label: string; time: string; urgent: boolean; children?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
      <TimerIcon fontSize="small" />
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' }, fontSize: '0.85rem' }} aria-hidden>
        {label}
      </Box>
      <Box role="timer" aria-label={label} sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 700, fontSize: '1.1rem', color: urgent ? 'error.main' : 'inherit' }}>
        {time}
      </Box>
      {children}
    </Box>
  );
}

/** The countdown's place before the hold is known (a refresh restores it): invisible, the same size, so nothing moves when it arrives. */
export function HoldTimerPlace() {
  const { t } = useTranslation();
  return (
    <Box aria-hidden sx={{ visibility: 'hidden' }}>
      <TimerFace label={t('common:timer.label')} time="00:00" urgent={false} />
    </Box>
  );
}
