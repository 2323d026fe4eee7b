import Box from '@mui/material/Box';
import { visuallyHidden } from '@mui/utils';
import { useTranslation } from 'react-i18next';
import type { EventDiffResponse } from '../../../shared/api';

const LINE_STYLE = {
  added: { marker: '+', bgcolor: '#e6ffec', color: '#055d20' },
  removed: { marker: '-', bgcolor: '#ffebe9', color: '#82071e' },
  context: { marker: ' ', bgcolor: 'transparent', color: 'text.primary' },
} as const;

/** The diff of two stored versions, hunk by hunk: each line marked `+` / `-` as well as coloured, and named for screen readers. */
export function DiffView({ diff }: { diff: EventDiffResponse }) {
  const { t } = useTranslation('admin');
  if (diff.hunks.length === 0) return <p>{t('events.versions.same')}</p>;
  return (
    <Box aria-label={t('events.versions.diffOf', { from: diff.from, to: diff.to })} role="region" sx={{ fontFamily: 'monospace', fontSize: '0.85rem', border: 1, borderColor: 'divider', borderRadius: 1, overflowX: 'auto' }}>
      {diff.hunks.map((hunk) => (
        <Box component="ol" key={`${hunk.old_start}-${hunk.new_start}`} aria-label={t('events.versions.hunk', { from: hunk.old_start, to: hunk.new_start })} sx={{ listStyle: 'none', m: 0, p: 0, borderTop: 1, borderColor: 'divider' }}>
          <Box component="li" sx={{ px: 1, color: 'text.secondary', bgcolor: 'grey.100' }}>{`@@ -${hunk.old_start},${hunk.old_lines} +${hunk.new_start},${hunk.new_lines} @@`}</Box>
          {hunk.lines.map((line, index) => {
            const style = LINE_STYLE[line.kind];
            return (
              <Box component="li" key={index} data-kind={line.kind} sx={{ px: 1, whiteSpace: 'pre', bgcolor: style.bgcolor, color: style.color }}>
                {line.kind !== 'context' ? <Box component="span" sx={visuallyHidden}>{t(`events.versions.${line.kind}`)}</Box> : null}
                <span aria-hidden="true">{style.marker} </span>
                {line.text}
              </Box>
            );
          })}
        </Box>
      ))}
    </Box>
  );
}
