import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { RJSFSchema } from '@rjsf/utils';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SchemaForm } from '../../../../renderers/SchemaForm/SchemaForm';
import { SchemaFormState } from '../../../../renderers/state/SchemaFormState';
import type { EventFileProblem } from '../../../shared/event-file/event-file-problem';
import { AdminApiError } from '../adminApi';
import { useAdmin } from '../useAdmin';
import { EDITOR_DEFAULTS, EDITOR_UI_SCHEMA, EDITOR_WIDGETS, editorSchema, fileOf, formDataOf, serverJudges, type WordOrObject } from './editorForm';
import { EditorPreview } from './EditorPreview';
import { createEventsApi, eventDownloadUrl, type EventFile } from './eventsApi';
import { failureMessage } from '../failureMessage';
import { VersionsPanel } from './VersionsPanel';

/**
 * rjsf's array buttons (add, move up/down, remove) are bare buttons with an icon-font class and a
 * translated title: here they show that title as their text, drawn like MUI's small outlined buttons.
 */
const arrayButtonsSx = {
  '& button.btn': { m: 0.5, px: 1, py: 0.25, font: 'inherit', fontSize: '0.8rem', color: 'primary.dark', bgcolor: 'background.paper', border: 1, borderColor: 'primary.main', borderRadius: 1, cursor: 'pointer' },
  '& button.btn:disabled': { color: 'text.disabled', borderColor: 'divider', cursor: 'default' },
  '& button.btn:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.dark', outlineOffset: 2 },
  '& button.btn::after': { content: 'attr(title)' },
  '& button.btn .glyphicon': { display: 'none' },
  '& .array-item': { borderLeft: 2, borderColor: 'divider', pl: 1.5, mb: 2 },
} as const;

/**
 * `/admin/events/{url}`: the event file as a form drawn from its own schema (`GET /api/admin/event-schema`)
 * by `SchemaForm`, its live preview beside it (below on a phone), Save (imports a new version; a refused
 * file's problems go to their fields and a summary) and the versions (diff, roll back).
 */
export function EventEditorPage() {
  const { url = '' } = useParams();
  const { t } = useTranslation('admin');
  const { api, operator } = useAdmin();
  const events = useMemo(() => createEventsApi(api), [api]);
  const [form, setForm] = useState<{ schema: RJSFSchema; leftOut: string[]; choices: WordOrObject[] }>();
  /** The form's state of one load, and the file it was loaded from (what the form leaves empty keeps its word). */
  const [draft, setDraft] = useState<{ state: SchemaFormState<EventFile>; load: number; file: EventFile }>();
  const state = draft?.state;
  const [loads, setLoads] = useState(0);
  const [saves, setSaves] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [problems, setProblems] = useState<EventFileProblem[]>([]);
  const [status, setStatus] = useState('');
  const fail = (failure: unknown) => setError(failureMessage(failure));
  useEffect(() => {
    events.schema().then((schema) => setForm(editorSchema(schema)), fail);
  }, [events]);
  const choices = form?.choices;
  useEffect(() => {
    if (!choices) return;
    // A new state per load (a roll back loads the file again), and the form and preview drawn afresh for it.
    events.file(url).then((file) => setDraft({ state: new SchemaFormState<EventFile>(() => [], formDataOf(file, choices), 'event'), load: loads, file }), fail);
  }, [events, url, loads, choices]);
  /** The file the form stands for now. */
  const currentFile = (data: EventFile) => (draft && choices ? fileOf(data, draft.file, choices) : data);

  const save = async () => {
    if (!state) return;
    setBusy(true);
    setStatus('');
    try {
      const result = await events.save(url, currentFile(state.data));
      state.setServerProblems([]);
      setProblems([]);
      setError(undefined);
      setStatus(t('events.editor.saved', { version: result.version }));
      setSaves((n) => n + 1);
    } catch (failure) {
      const refused = failure instanceof AdminApiError ? failure.problems : [];
      state.setServerProblems(refused);
      setProblems(refused);
      fail(failure);
    } finally {
      setBusy(false);
    }
  };
  const rolledBack = (version: number) => {
    setStatus(t('events.versions.rolledBack', { version }));
    setProblems([]);
    setError(undefined);
    setLoads((n) => n + 1);
    setSaves((n) => n + 1);
  };
  const canWrite = operator?.permissions.includes('events.write') ?? false;

  return (
    <>
      <Typography component="h1" variant="h5" gutterBottom>{t('events.editor.title', { url })}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        {canWrite && <Button variant="contained" onClick={() => void save()} disabled={busy || !state}>{t('events.editor.save')}</Button>}
        <Button href={eventDownloadUrl(url)} variant="outlined">{t('events.export', { url })}</Button>
        <Typography role="status" aria-live="polite">{status}</Typography>
      </Box>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error}
          {problems.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {problems.map((problem, index) => <li key={`${problem.pointer}-${index}`}><code>{problem.pointer || '/'}</code> {problem.message}</li>)}
            </Box>
          )}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, gap: 3 }}>
        <Box component="section" aria-labelledby="editor-form" sx={arrayButtonsSx}>
          <Typography id="editor-form" component="h2" variant="h6" gutterBottom>{t('events.editor.form')}</Typography>
          {form && form.leftOut.length > 0 && <Alert severity="info" sx={{ mb: 2 }}>{t('events.editor.leftOut', { fields: form.leftOut.join(', ') })}</Alert>}
          {form && draft ? (
            <Suspense fallback={<CircularProgress aria-label={t('events.editor.loading')} />}>
              <SchemaForm<EventFile> key={draft.load} schema={form.schema} uiSchema={EDITOR_UI_SCHEMA} extraWidgets={EDITOR_WIDGETS} validator={serverJudges} defaultFormStateBehavior={EDITOR_DEFAULTS} state={draft.state} tagName="div" disabled={!canWrite} />
            </Suspense>
          ) : (
            !error && <CircularProgress aria-label={t('events.editor.loading')} />
          )}
        </Box>
        <Box component="section" aria-labelledby="editor-preview">
          <Typography id="editor-preview" component="h2" variant="h6" gutterBottom>{t('events.editor.preview')}</Typography>
          {draft && <EditorPreview key={draft.load} events={events} state={draft.state} fileOf={currentFile} />}
        </Box>
      </Box>
      <VersionsPanel events={events} url={url} refresh={saves} canWrite={canWrite} onRolledBack={rolledBack} />
    </>
  );
}
