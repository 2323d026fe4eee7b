import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import { SchemaForm } from '../../../renderers/SchemaForm/SchemaForm';
import { formFields, holderFields, holderFromAnswers } from '../../shared/attendee-form/holder-fields';
import type { OrderTicket, TransferTicketRequest } from '../../shared/api';
import type { AttendeeAnswers } from '../../shared/attendee-form/attendee-form.types';
import { ApiError } from '../api/ApiError';
import { deadlineText } from './orderFormat';
import { transferProblems } from './orderChanges';
import { useOrderTranslation } from './orderNamespace';
import { loadTicketForm, plainAnswers, type TicketForm } from './ticketForm';

/**
 * The transfer dialog of one ticket: the new holder's name and e-mail and, when the ticket type asks them, its
 * attendee form for that person (blank); a warning that this ticket's QR stops working. The name or e-mail the form
 * itself asks (its fields that give a ticket's holder, `holderFields`) is not asked again: the server takes the answer. The server's refusals of
 * a field land on it, the others (deadline, already transferred, limit) are said in an alert.
 */
export const TransferDialog = observer(function TransferDialog({
  eventUrl, ticket, until, transfer, onClose,
}: { eventUrl: string; ticket: OrderTicket; until: string | null; transfer: (body: TransferTicketRequest, holderName: string) => Promise<void>; onClose: () => void }) {
  const { t, i18n } = useOrderTranslation();
  const titleId = useId();
  const asksForm = ticket.respuestas !== null;
  const [form, setForm] = useState<TicketForm | null>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ name?: string; email?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!asksForm) return;
    let live = true;
    loadTicketForm(eventUrl, ticket, {}, [], 'transfer').then((loaded) => live && setForm(loaded), (error: unknown) => {
      console.error('Could not load the attendee form', error);
      if (live) setFailure(t('edit.loadFailed'));
    });
    return () => {
      live = false;
    };
  }, [asksForm, eventUrl, ticket, t]);

  // The form's own name and e-mail fields stand for the dialog's (the server reads the same rule).
  const fromForm = form ? holderFields(formFields(form.schema, form.uiSchema as Record<string, unknown>)) : {};
  const asksName = !fromForm.name;
  const asksEmail = !fromForm.email;

  const submit = async () => {
    const missing = {
      name: !asksName || name.trim() ? undefined : t('transfer.required'),
      email: !asksEmail || /^\S+@\S+\.\S+$/.test(email.trim()) ? undefined : t('transfer.emailInvalid'),
    };
    setFieldErrors(missing);
    if (form) form.state.markSubmitted();
    if (missing.name || missing.email || (asksForm && (!form || form.state.hasErrors))) return;
    setSending(true);
    setFailure(null);
    try {
      const answers = form ? plainAnswers(form) : undefined;
      const holderName = asksName ? name.trim() : (holderFromAnswers(fromForm, answers ?? {}).name ?? '');
      await transfer({ ...(asksName ? { name: name.trim() } : {}), ...(asksEmail ? { email: email.trim() } : {}), ...(answers ? { answers } : {}) }, holderName);
    } catch (error) {
      if (error instanceof ApiError && error.validationErrors.length > 0) {
        const problems = transferProblems(error.validationErrors);
        setFieldErrors({ name: problems.name, email: problems.email });
        form?.state.setServerProblems(problems.answers);
      } else setFailure(error instanceof ApiError && error.mensaje ? error.mensaje : t('transfer.failed'));
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('transfer.title', { folio: ticket.folio })}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('transfer.warning', { folio: ticket.folio })}
        </Alert>
        {until ? <Typography variant="body2" sx={{ mb: 2 }}>{t('transfer.until', { date: deadlineText(until, i18n.language) })}</Typography> : null}
        {asksName ? (
          <TextField
            label={t('transfer.name')} value={name} onChange={(e) => setName(e.target.value)} required fullWidth margin="dense" autoComplete="off"
            error={Boolean(fieldErrors.name)} helperText={fieldErrors.name ?? ' '} disabled={sending} slotProps={{ formHelperText: { 'aria-live': 'polite' } as object }}
          />
        ) : null}
        {asksEmail ? (
          <TextField
            label={t('transfer.email')} type="email" value={email} onChange={(e) => setEmail(e.target.value)} required fullWidth margin="dense" autoComplete="off"
            error={Boolean(fieldErrors.email)} helperText={fieldErrors.email ?? t('transfer.emailHelp')} disabled={sending}
            slotProps={{ formHelperText: { 'aria-live': 'polite' } as object }}
          />
        ) : null}
        {form ? (
          <>
            <Typography variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 600, mt: 2, mb: 1 }}>{t('transfer.formHeading')}</Typography>
            <SchemaForm<AttendeeAnswers> schema={form.schema} uiSchema={form.uiSchema} validator={form.validator} state={form.state} tagName="div" disabled={sending} />
          </>
        ) : null}
        <div role="alert">{failure ? <Alert severity="error">{failure}</Alert> : null}</div>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('edit.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={sending || (asksForm && !form)}>
          {t('transfer.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
});
