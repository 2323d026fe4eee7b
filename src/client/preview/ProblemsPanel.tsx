import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { EventPreviewProblem } from '../../shared/api';

/**
 * Every problem `event:check` finds in the file: its JSON pointer and the sentence in the page's language.
 * A complementary landmark beside the preview; a plain section inside another page's main (the console's editor).
 */
export function ProblemsPanel({ problems, component = 'aside' }: { problems: EventPreviewProblem[]; component?: 'aside' | 'section' }) {
  const { t, i18n } = useTranslation('preview');
  const english = i18n.language === 'en';
  return (
    <Box component={component} aria-labelledby="preview-problems" sx={{ border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper', p: 2 }}>
      <Typography id="preview-problems" variant="h2" sx={{ fontSize: '1.2rem', mb: 1 }}>
        {t('problems.heading')}
      </Typography>
      <Typography role="status" sx={{ mb: 1 }}>
        {problems.length === 0 ? t('problems.none') : t('problems.count', { count: problems.length })}
      </Typography>
      {problems.length > 0 ? (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {problems.map((problem, index) => (
            <Box component="li" key={`${problem.pointer}-${index}`} sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}>
              <Box component="code" sx={{ display: 'block', fontSize: '0.85rem', color: 'text.secondary', wordBreak: 'break-all' }}>
                {problem.pointer || t('problems.root')}
              </Box>
              <Typography sx={{ color: 'error.dark' }}>{english ? problem.en : problem.es}</Typography>
            </Box>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
