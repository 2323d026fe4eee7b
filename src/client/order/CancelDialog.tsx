import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { CancelOrderRequest, OrderTicket } from '../../shared/api';
import { ApiError } from '../api/ApiError';
import { clabeFeedback, isClabeRefusal } from './orderChanges';
import { deadlineText } from './orderFormat';
import { useOrderTranslation } from './orderNamespace';

export interface CancelPolicy {
  hasta: string;
  comision_porcentaje: number;
  clabe_requerida: boolean;
}

/**
 * The cancel dialog: a checkbox per ticket that may be cancelled (all checked at first), the event's policy in words
 * (until when, the fee kept), and when the payment cannot be refunded through its provider a CLABE field checked as it
 * is typed (the bank named once valid). The server's CLABE refusals land on that field, the others in an alert.
 */
export function CancelDialog({ tickets, policy, cancel, onClose }: {
  tickets: OrderTicket[];
  policy: CancelPolicy;
  cancel: (body: CancelOrderRequest) => Promise<void>;
  onClose: () => void;
}) {
  const { t, i18n } = useOrderTranslation();
  const titleId = useId();
  const legendId = useId();
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(tickets.map((ticket) => ticket.id)));
  const [clabe, setClabe] = useState('');
  const [clabeRefusal, setClabeRefusal] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const feedback = clabeFeedback(clabe);

  const clabeHelp = (): { error: boolean; text: string } => {
    if (clabeRefusal) return { error: true, text: clabeRefusal };
    if (feedback.state === 'ok') return { error: false, text: t('cancel.clabe.bankName', { bank: feedback.bank }) };
    if (feedback.state === 'problem') return { error: true, text: t(`cancel.clabe.${feedback.problem}`, { code: feedback.code }) };
    return { error: submitted, text: submitted ? t('cancel.clabe.length') : t('cancel.clabe.help') };
  };
  const help = policy.clabe_requerida ? clabeHelp() : null;

  const toggle = (id: string) => setChosen((current) => {
    const next = new Set(current);
    if (!next.delete(id)) next.add(id);
    return next;
  });

  const submit = async () => {
    setSubmitted(true);
    if (chosen.size === 0 || (policy.clabe_requerida && feedback.state !== 'ok')) return;
    setSending(true);
    setFailure(null);
    setClabeRefusal(null);
    try {
      await cancel({ ticket_ids: tickets.filter((ticket) => chosen.has(ticket.id)).map((ticket) => ticket.id), ...(feedback.state === 'ok' && policy.clabe_requerida ? { clabe: feedback.clabe } : {}) });
    } catch (error) {
      const message = error instanceof ApiError && error.mensaje ? error.mensaje : t('cancel.failed');
      if (policy.clabe_requerida && error instanceof ApiError && isClabeRefusal(error.code)) setClabeRefusal(message);
      else setFailure(message);
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('cancel.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>{t('cancel.policy', { date: deadlineText(policy.hasta, i18n.language), fee: policy.comision_porcentaje })}</Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>{t('cancel.revoked')}</Typography>
        <FormGroup role="group" aria-labelledby={legendId}>
          <Typography id={legendId} sx={{ fontWeight: 600 }}>{t('cancel.which')}</Typography>
          {tickets.map((ticket) => (
            <FormControlLabel
              key={ticket.id}
              control={<Checkbox checked={chosen.has(ticket.id)} onChange={() => toggle(ticket.id)} disabled={sending} />}
              label={t('cancel.ticket', { type: ticket.tipo, folio: ticket.folio, name: ticket.titular })}
            />
          ))}
        </FormGroup>
        {submitted && chosen.size === 0 ? <Typography role="alert" color="error" variant="body2">{t('cancel.noneChosen')}</Typography> : null}
        {help ? (
          <TextField
            label={t('cancel.clabe.label')} value={clabe} onChange={(e) => { setClabe(e.target.value); setClabeRefusal(null); }} required fullWidth margin="normal"
            autoComplete="off" error={help.error} helperText={help.text} disabled={sending}
            slotProps={{ htmlInput: { inputMode: 'numeric' }, formHelperText: { 'aria-live': 'polite' } as object }}
          />
        ) : null}
        <div role="alert">{failure ? <Alert severity="error">{failure}</Alert> : null}</div>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel.keep')}</Button>
        <Button variant="contained" color="error" onClick={() => void submit()} disabled={sending}>
          {t('cancel.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
