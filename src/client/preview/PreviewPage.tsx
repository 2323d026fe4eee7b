import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../layout/LanguageSwitch';
import { useStores } from '../StoreContext';
import { createPreviewApi } from './previewApi';
import { addPreviewNamespace } from './previewNamespace';
import { PreviewSections, sectionSx } from './PreviewSections';
import { PreviewStore } from './PreviewStore';
import { ProblemsPanel } from './ProblemsPanel';
import { SourceForm, TokenForm } from './PreviewSourceForms';

/**
 * `/admin/preview` (docs/decisions/018-event-preview.md): an event file as buyers would see it —
 * the ticket list, each ticket type's attendee blocks and the buyer form, rendered by the
 * storefront's components and judged by validators the server compiled from the file — beside
 * every problem `event:check` finds. Its own lazy chunk: nothing here reaches a buyer's page.
 */
const PreviewPage = observer(function PreviewPage() {
  const { t, i18n } = useTranslation('preview');
  addPreviewNamespace(i18n);
  const { ui } = useStores();
  const [store] = useState<PreviewStore>(() => {
    const created: PreviewStore = new PreviewStore(createPreviewApi(() => created.token, () => ui.language), sessionStorage);
    return created;
  });
  useEffect(() => {
    void store.start(window.location.hash);
    // The token leaves the address bar (and the history) once kept.
    if (window.location.hash) history.replaceState(null, '', window.location.pathname);
    return () => store.stop();
  }, [store]);
  useEffect(() => {
    document.title = t('title');
  }, [t]);

  const preview = store.preview;
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, px: { xs: 2, sm: 4 }, py: 2, borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        <Typography variant="h1" sx={{ fontSize: '1.5rem' }}>
          {t('title')}
        </Typography>
        <LanguageSwitch />
      </Box>
      <Box component="main" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, gap: 3, p: { xs: 2, sm: 4 } }}>
        <Box>
          <Typography sx={{ mb: 2 }}>{t('intro')}</Typography>
          {store.mode === 'token' ? (
            <Box sx={sectionSx}>
              <TokenForm store={store} />
            </Box>
          ) : null}
          {store.mode === 'paste' ? (
            <Box sx={sectionSx}>
              <SourceForm store={store} />
            </Box>
          ) : null}
          {store.mode === 'watch' && store.watchedFile ? <Typography sx={{ mb: 2 }}>{t('source.watching', { file: store.watchedFile })}</Typography> : null}
          {store.failed ? (
            <Typography role="alert" sx={{ color: 'error.dark', mb: 2 }}>
              {t('source.failed')}
            </Typography>
          ) : null}
          <PreviewSections store={store} />
        </Box>
        {preview ? (
          <Box>
            <ProblemsPanel problems={preview.problems} />
          </Box>
        ) : null}
      </Box>
    </Box>
  );
});

export default PreviewPage;
