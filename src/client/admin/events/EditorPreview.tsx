import Alert from '@mui/material/Alert';
import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SchemaFormState } from '../../../../renderers';
import { addPreviewNamespace } from '../../preview/previewNamespace';
import { PreviewSections } from '../../preview/PreviewSections';
import { PreviewStore } from '../../preview/PreviewStore';
import { ProblemsPanel } from '../../preview/ProblemsPanel';
import { afterRest } from './afterRest';
import type { EventFile, EventsApi } from './eventsApi';

/** How long the form rests (no change) before its data is previewed again. */
const PREVIEW_DELAY_MS = 600;

/**
 * The live preview beside the editor: the file the form stands for (`fileOf`) posted to `POST /api/admin/preview`
 * (as `/admin/preview` posts a pasted file) once typing rests, drawn by the preview's own sections,
 * with every problem `event:check` finds.
 */
export const EditorPreview = observer(function EditorPreview({ events, state, fileOf }: { events: EventsApi; state: SchemaFormState<EventFile>; fileOf: (data: EventFile) => EventFile }) {
  const { t, i18n } = useTranslation('preview');
  addPreviewNamespace(i18n);
  const [store] = useState(() => new PreviewStore(events.preview(), sessionStorage));
  useEffect(() => {
    const show = () => void store.previewSource(JSON.stringify(fileOf(state.data)));
    show();
    const stop = reaction(() => state.formData, show, { scheduler: afterRest(PREVIEW_DELAY_MS) });
    return () => {
      stop();
      store.stop();
    };
  }, [store, state]);
  return (
    <>
      {store.failed ? <Alert severity="error" sx={{ mb: 2 }}>{t('source.failed')}</Alert> : null}
      <PreviewSections store={store} headingLevel={3} />
      {store.preview ? <ProblemsPanel problems={store.preview.problems} component="section" /> : null}
    </>
  );
});
