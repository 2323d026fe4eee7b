import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimelineEntry } from '../../../shared/api';
import { timeText } from './format';

/** An entry's facts as words: each known fact with its label, in the entry's order; empty ones left out. */
function factsText(entry: TimelineEntry, label: (key: string) => string): string {
  return Object.entries(entry.details)
    .filter(([, value]) => value !== null && value !== '')
    .map(([key, value]) => `${label(key)}: ${String(value)}`)
    .join(' · ');
}

/** The order's timeline, oldest first: each entry's time, what happened (its kind in words), who, and its facts. */
export function OrderTimeline({ entries }: { entries: TimelineEntry[] }) {
  const { t, i18n } = useTranslation('admin');
  const titleId = useId();
  const label = (key: string) => (i18n.exists(`admin:timeline.fact.${key}`) ? t(`timeline.fact.${key}`) : key);
  const actor = (who: string | null) => (who === null ? '' : i18n.exists(`admin:timeline.actor.${who}`) ? t(`timeline.actor.${who}`) : who);
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ mt: 3 }}>
      <Typography id={titleId} component="h2" variant="h6" gutterBottom>{t('timeline.title')}</Typography>
      <Box component="ol" aria-labelledby={titleId} sx={{ pl: 3, m: 0, display: 'grid', gap: 1 }}>
        {entries.map((entry, index) => (
          <li key={index} data-testid="timeline-entry">
            <time dateTime={entry.at}>{timeText(entry.at, i18n.language)}</time>
            {' — '}
            <strong>{t(`timeline.kind.${entry.kind}`)}</strong>
            {entry.actor ? ` (${actor(entry.actor)})` : ''}
            <Typography variant="body2" component="span" sx={{ display: 'block', color: 'text.secondary', wordBreak: 'break-word' }}>
              {factsText(entry, label)}
            </Typography>
          </li>
        ))}
      </Box>
    </Box>
  );
}
