import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useStores } from '../StoreContext';
import { joinWaitingList } from './waitingListApi';
import { useWaitingListTranslation } from './waitingListNamespace';

type Outcome = { state: 'idle' } | { state: 'sending' } | { state: 'sent'; email: string } | { state: 'failed'; message: string };

// Native fields, as the ticket rows' quantity: MUI's inputs belong to the attendee form's chunk, which only the form pages load.
const labelStyle = { display: 'block', fontSize: '0.875rem', color: 'text.secondary', mb: 0.5 } as const;
const fieldStyle = {
  font: 'inherit', fontSize: '1rem', minHeight: 44, px: 1.5, borderRadius: 1, border: 1, borderColor: 'grey.500', bgcolor: 'background.paper', color: 'text.primary',
  '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 1 },
} as const;

/** A plain check before asking the server (which checks the address itself). */
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/**
 * The waiting list's dialog: e-mail and quantity (the type's minimum to its per-order maximum), the bot check,
 * then the outcome in a live region: the confirmation e-mail was sent, or the server's reason.
 */
export default function WaitingListDialog({ ticketId, name, minimum, maximum, onClose }: { ticketId: number; name: string; minimum: number; maximum: number; onClose(): void }) {
  const { t, i18n } = useWaitingListTranslation();
  const { event, botCheck } = useStores();
  const titleId = useId();
  const quantityId = useId();
  const emailId = useId();
  const emailErrorId = useId();
  const [email, setEmail] = useState('');
  const [quantity, setQuantity] = useState(Math.max(minimum, 1));
  const [emailError, setEmailError] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  const choices = Array.from({ length: Math.max(maximum - Math.max(minimum, 1) + 1, 1) }, (_, i) => Math.max(minimum, 1) + i);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const address = email.trim();
    if (!looksLikeEmail(address)) return setEmailError(true);
    setEmailError(false);
    setOutcome({ state: 'sending' });
    try {
      const token = await botCheck.getToken('waiting_list');
      const lang = i18n.language === 'en' ? 'en' : 'es';
      await joinWaitingList(event.url ?? '', { ticket_id: ticketId, cantidad: quantity, email: address, lang, token }, i18n.language);
      setOutcome({ state: 'sent', email: address });
    } catch (error) {
      setOutcome({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  const sent = outcome.state === 'sent';
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId} component="h2">
        {t('dialog.title', { name })}
      </DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent>
          {sent ? null : <Typography sx={{ mb: 2 }}>{t('dialog.intro')}</Typography>}
          {sent ? null : (
            <>
              <Box component="label" htmlFor={emailId} sx={labelStyle}>
                {t('dialog.email')}
              </Box>
              <Box
                component="input" id={emailId} type="email" autoComplete="email" required value={email} autoFocus
                aria-invalid={emailError} aria-describedby={emailError ? emailErrorId : undefined}
                onChange={(e: ChangeEvent<HTMLInputElement>) => setEmail(e.target.value)}
                sx={{ ...fieldStyle, width: '100%', boxSizing: 'border-box', borderColor: emailError ? 'error.main' : 'grey.500' }}
              />
              {emailError ? <Typography id={emailErrorId} color="error" sx={{ fontSize: '0.875rem', mt: 0.5 }}>{t('dialog.invalidEmail')}</Typography> : null}
              <Box sx={{ mb: 2 }} />
              <Box component="label" htmlFor={quantityId} sx={labelStyle}>
                {t('dialog.quantity')}
              </Box>
              <Box
                component="select" id={quantityId} value={quantity} onChange={(e: ChangeEvent<HTMLSelectElement>) => setQuantity(Number(e.target.value))}
                sx={{ ...fieldStyle, minWidth: 96 }}
              >
                {choices.map((n) => (
                  <option key={n} value={n}>{n}</option>
                ))}
              </Box>
            </>
          )}
          <div role="status" aria-live="polite">
            {sent ? <Alert severity="success">{t('dialog.sent', { email: outcome.email })}</Alert> : null}
            {outcome.state === 'failed' ? <Alert severity="error" sx={{ mt: 2 }}>{outcome.message}</Alert> : null}
          </div>
        </DialogContent>
        <DialogActions>
          {sent ? (
            <Button onClick={onClose} variant="contained">{t('dialog.close')}</Button>
          ) : (
            <>
              <Button onClick={onClose}>{t('dialog.cancel')}</Button>
              <Button type="submit" variant="contained" disabled={outcome.state === 'sending'}>
                {outcome.state === 'sending' ? t('dialog.sending') : t('dialog.submit')}
              </Button>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
