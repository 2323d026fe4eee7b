import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../StoreContext';
import { CheckIcon } from '../icons';

/** The revealed discount form: code input + 'Validate Code' (idle, pending, success, error). */
const DiscountForm = observer(function DiscountForm() {
  const { t } = useTranslation();
  const { checkout, actions } = useStores();
  const inputId = useId();
  const helperId = useId();
  const { discountStatus: status, discountErrorKey: errorKey } = checkout;

  const pending = status === 'pending';
  const applied = status === 'success' && checkout.code !== null;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event: React.FormEvent) => {
        event.preventDefault();
        if (!applied && !pending) void actions.verifyDiscount();
      }}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
    >
      <FormControl error={status === 'error'} sx={{ flex: '1 1 220px' }} disabled={pending}>
        <InputLabel htmlFor={inputId}>{t('checkout:discount.label')}</InputLabel>
        <OutlinedInput
          id={inputId}
          label={t('checkout:discount.label')}
          value={checkout.discountInput}
          onChange={(event) => checkout.setDiscountInput(event.target.value)}
          // Focus on reveal: the buyer's click on the link asked to type a code.
          autoFocus
          readOnly={applied}
          autoComplete="off"
          inputProps={{ 'aria-describedby': helperId, autoCapitalize: 'characters' }}
        />
        <FormHelperText id={helperId} role={status === 'error' ? 'alert' : 'status'} sx={{ color: applied ? 'success.main' : undefined }}>
          {status === 'error' && errorKey ? t(errorKey) : applied ? t('checkout:discount.applied', { code: checkout.code }) : ' '}
        </FormHelperText>
      </FormControl>
      <Button
        type="submit"
        variant="contained"
        color={applied ? 'success' : 'primary'}
        disabled={pending}
        aria-disabled={applied || undefined}
        aria-busy={pending || undefined}
        startIcon={pending ? <CircularProgress size={18} color="inherit" aria-label={t('checkout:discount.validating')} /> : applied ? <CheckIcon /> : undefined}
        sx={{ minHeight: 56 }}
      >
        {t('checkout:discount.validate')}
      </Button>
    </Box>
  );
});

export default DiscountForm;
