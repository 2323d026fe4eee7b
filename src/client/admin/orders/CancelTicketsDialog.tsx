import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCancelOrderRequest, OrderTicket } from '../../../shared/api';
import { failureText, pesosText } from './format';

type RefundChoice = 'full' | 'none' | 'amount';

/**
 * The organiser's cancellation of `tickets` (one, or every live one): the refund (what they cost, nothing, or an amount
 * in pesos, the first and last only with `canRefund`) and a reason, and before the button what goes back and how.
 * `left` is what is left of the payment (pesos), the most an amount may be; the server's refusal shows in an alert.
 */
export function CancelTicketsDialog({ tickets, whole, left, currency, provider, canRefund, cancel, onClose }: {
  tickets: OrderTicket[];
  whole: boolean;
  left: number;
  currency?: string;
  provider: string;
  canRefund: boolean;
  cancel: (body: AdminCancelOrderRequest) => Promise<void>;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const titleId = useId();
  const summaryId = useId();
  const [choice, setChoice] = useState<RefundChoice>(canRefund ? 'full' : 'none');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string>();
  const [sending, setSending] = useState(false);
  const money = (pesos: number) => pesosText(pesos, i18n.language, currency);
  const pesos = Number(amount);
  const amountValid = amount !== '' && Number.isFinite(pesos) && pesos > 0 && pesos <= left && Math.round(pesos * 100) === pesos * 100;

  const goesBack = (): string => {
    if (choice === 'none') return t('cancel.backNone');
    if (choice === 'amount') return amountValid ? t('cancel.backAmount', { amount: money(pesos), provider }) : t('cancel.amountHelp', { max: money(left) });
    return whole ? t('cancel.backAll', { amount: money(left), provider }) : t('cancel.backFull', { count: tickets.length, provider });
  };

  const submit = async () => {
    if (choice === 'amount' && !amountValid) return;
    setSending(true);
    setFailure(undefined);
    try {
      await cancel({
        tickets: tickets.map((ticket) => ticket.id),
        refund: choice === 'amount' ? { amount: pesos } : choice,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      });
    } catch (error) {
      setFailure(failureText(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} aria-describedby={summaryId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('cancel.title', { count: tickets.length })}</DialogTitle>
      <DialogContent>
        <Typography component="ul" sx={{ pl: 2, mt: 0 }}>
          {tickets.map((ticket) => <li key={ticket.id}>{t('cancel.ticket', { type: ticket.tipo, folio: ticket.folio, name: ticket.titular })}</li>)}
        </Typography>
        <FormControl disabled={sending}>
          <FormLabel id={`${titleId}-refund`}>{t('cancel.refund')}</FormLabel>
          <RadioGroup aria-labelledby={`${titleId}-refund`} value={choice} onChange={(e) => setChoice(e.target.value as RefundChoice)}>
            <FormControlLabel value="full" control={<Radio />} label={t('cancel.full')} disabled={!canRefund} />
            <FormControlLabel value="none" control={<Radio />} label={t('cancel.none')} />
            <FormControlLabel value="amount" control={<Radio />} label={t('cancel.amount')} disabled={!canRefund || left <= 0} />
          </RadioGroup>
        </FormControl>
        {choice === 'amount' ? (
          <TextField
            label={t('cancel.amountLabel')} value={amount} onChange={(e) => setAmount(e.target.value)} required fullWidth margin="normal" disabled={sending}
            error={amount !== '' && !amountValid} helperText={t('cancel.amountHelp', { max: money(left) })} slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        ) : null}
        <TextField label={t('cancel.reason')} value={reason} onChange={(e) => setReason(e.target.value)} fullWidth margin="normal" disabled={sending} slotProps={{ htmlInput: { maxLength: 500 } }} />
        <Typography id={summaryId} role="status" aria-live="polite" sx={{ mt: 1, fontWeight: 600 }}>{goesBack()}</Typography>
        <div role="alert">{failure ? <Alert severity="error">{failure}</Alert> : null}</div>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel.keep')}</Button>
        <Button variant="contained" color="error" onClick={() => void submit()} disabled={sending || (choice === 'amount' && !amountValid)}>
          {t('cancel.confirm', { count: tickets.length })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
