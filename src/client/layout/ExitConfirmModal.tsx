import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** 'Are you sure?' with the red 'you lose your place' alert; Cancel stays, Confirm leaves. */
export default function ExitConfirmModal({ open, onStay, onLeave }: { open: boolean; onStay(): void; onLeave(): void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} onClose={onStay} aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('exit.title')}</DialogTitle>
      <DialogContent>
        <Alert id={textId} severity="error" variant="filled">
          {t('exit.alert')}
        </Alert>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onStay} variant="outlined" autoFocus>
          {t('exit.cancel')}
        </Button>
        <Button onClick={onLeave} variant="contained" color="error">
          {t('exit.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
