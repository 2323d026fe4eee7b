import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { usePaymentsTranslation } from '../usePaymentsTranslation';
import type { CardPanelError } from './CardPanelStore';
import type { SavedCardStore } from './SavedCardStore';

/**
 * The e-mail of the buyer's MercadoPago account, on top of the card panel: typing it looks
 * up the account's saved methods (after a short wait); the 'x' clears it and the list.
 */
export const AccountEmail = observer(function AccountEmail({ saved }: { saved: SavedCardStore }) {
  const { t } = usePaymentsTranslation();
  const helpId = useId();
  return (
    <Box sx={{ mb: 2 }}>
      <TextField
        type="email"
        fullWidth
        label={t('methods.card.saved.email')}
        value={saved.email}
        onChange={(event) => saved.setEmail(event.target.value)}
        autoComplete="email"
        disabled={saved.paying}
        slotProps={{
          htmlInput: { 'aria-describedby': helpId },
          input: {
            endAdornment: saved.email ? (
              <InputAdornment position="end">
                <IconButton aria-label={t('methods.card.saved.clearEmail')} onClick={saved.clearEmail} edge="end" disabled={saved.paying}>
                  <CloseIcon />
                </IconButton>
              </InputAdornment>
            ) : undefined,
          },
        }}
      />
      <Typography id={helpId} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {t('methods.card.saved.emailHelp')}
      </Typography>
      {saved.lookingUp ? (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
          <CircularProgress size={16} aria-hidden />
          <Typography variant="body2">{t('methods.card.saved.lookingUp')}</Typography>
        </Box>
      ) : null}
    </Box>
  );
});

/**
 * A card payment that failed without a payment of its own (the token refused, the network):
 * 'Error en la transaccion', the reason, and the way back to the new-card form.
 */
export function CardErrorDialog({ error, onBack }: { error: CardPanelError | null; onBack: () => void }) {
  const { t } = usePaymentsTranslation();
  const { t: tAny } = useTranslation();
  const titleId = useId();
  const textId = useId();
  let text: string = t('methods.card.errorDialog.text');
  if (error?.kind === 'payment' && error.reason) text = error.reason;
  if (error?.kind === 'token') text = error.messages.map((message) => tAny(message.key, message.values)).join(' ');
  if (error?.kind === 'bin') text = tAny('errors:walletCard.binNotAllowed');
  return (
    <Dialog open={error !== null} onClose={onBack} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{t('errors.transactionFailed')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onBack} variant="contained" autoFocus>
          {t('methods.card.errorDialog.back')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
