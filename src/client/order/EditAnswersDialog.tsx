import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { RJSFSchema } from '@rjsf/utils';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import { SchemaForm } from '../../../renderers/SchemaForm/SchemaForm';
import type { OrderTicket } from '../../shared/api';
import type { AttendeeAnswers } from '../../shared/attendee-form/attendee-form.types';
import { ApiError } from '../api/ApiError';
import { useOrderTranslation } from './orderNamespace';
import { loadTicketForm, plainAnswers, type TicketForm } from './ticketForm';

/** A field's label as the form shows it (its schema title), else its id. */
function fieldTitle(schema: RJSFSchema, id: string): string {
  const property = schema.properties?.[id];
  return typeof property === 'object' && typeof property.title === 'string' ? property.title : id;
}

/**
 * The edit dialog of one ticket: its attendee form with the answers it holds, judged in the browser by
 * the precompiled validator and then by the server (`save`), whose per-field refusals land on their fields
 * and whose other refusals (deadline passed, a locked field) are said in an alert.
 */
export const EditAnswersDialog = observer(function EditAnswersDialog({
  eventUrl, ticket, save, onClose,
}: { eventUrl: string; ticket: OrderTicket; save: (answers: AttendeeAnswers) => Promise<void>; onClose: () => void }) {
  const { t } = useOrderTranslation();
  const titleId = useId();
  const [form, setForm] = useState<TicketForm | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    loadTicketForm(eventUrl, ticket, (ticket.respuestas ?? {}) as AttendeeAnswers, ticket.bloqueados, 'edit').then((loaded) => live && setForm(loaded), (error: unknown) => {
      console.error('Could not load the attendee form', error);
      if (live) setFailure(t('edit.loadFailed'));
    });
    return () => {
      live = false;
    };
  }, [eventUrl, ticket, t]);

  const submit = async () => {
    if (!form) return;
    form.state.markSubmitted();
    if (form.state.hasErrors) return;
    setSaving(true);
    setFailure(null);
    try {
      await save(plainAnswers(form));
    } catch (error) {
      if (error instanceof ApiError && error.validationErrors.length > 0) form.state.setServerProblems(error.validationErrors.map((e) => ({ pointer: e.path, message: e.message })));
      else setFailure(error instanceof ApiError && error.mensaje ? error.mensaje : t('edit.loadFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('edit.title', { folio: ticket.folio })}</DialogTitle>
      <DialogContent>
        {form && ticket.bloqueados.length > 0 ? (
          <Typography variant="body2" sx={{ mb: 2 }}>
            {t('edit.locked', { fields: ticket.bloqueados.map((id) => fieldTitle(form.schema, id)).join(', ') })}
          </Typography>
        ) : null}
        {form ? (
          <SchemaForm<AttendeeAnswers> schema={form.schema} uiSchema={form.uiSchema} validator={form.validator} state={form.state} tagName="div" disabled={saving} />
        ) : null}
        <div role="alert">{failure ? <Alert severity="error">{failure}</Alert> : null}</div>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('edit.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={!form || saving}>
          {t('edit.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
});
