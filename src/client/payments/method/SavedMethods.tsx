import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { observer } from 'mobx-react-lite';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { translateText } from '../../../../renderers/i18n/translateText';
import { TermsLine } from '../../forms/attendee/TermsLine';
import type { AccountPaymentMethod } from '../providers/mercadopagoSdk';
import { usePaymentsTranslation } from '../usePaymentsTranslation';
import type { CardPanelStore } from './CardPanelStore';
import type { SavedCardStore } from './SavedCardStore';
import { PlanChoiceForm } from './PlanChoiceForm';
import { SubmitRow } from './SubmitRow';

/** One saved method as the buyer recognises it: the brand's thumbnail, the issuer and the last four digits (account money: the balance). */
function MethodLabel({ method }: { method: AccountPaymentMethod }) {
  const { t } = usePaymentsTranslation();
  const thumbnail = method.payment_method.secure_thumbnail ?? method.payment_method.thumbnail;
  const accountMoney = method.type === 'account_money';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 0.5 }}>
      {thumbnail ? <img src={thumbnail} alt={method.payment_method.name} width={32} height={20} style={{ objectFit: 'contain' }} /> : null}
      <Box>
        <Typography component="span" sx={{ display: 'block' }}>
          {accountMoney ? t('methods.card.saved.accountMoney') : `${method.issuer.name} ${t('methods.card.saved.endingIn', { last4: method.last_four_digits ?? '' })}`}
        </Typography>
        {accountMoney ? (
          // The card payment charges a card token; the balance is paid through the quick-payment option.
          <Typography component="span" variant="body2" color="text.secondary">
            {t('methods.card.saved.accountMoneyNotHere')}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}

/**
 * The saved methods of the buyer's MercadoPago account (SavedCardStore): radios, the
 * provider's security-code field when the chosen card's code is mandatory, the plans offered
 * for the chosen card (meses sin intereses), the buyer's name and phone, and the pay button
 * (enabled by the store's rule).
 */
export const SavedMethods = observer(function SavedMethods({ saved, card }: { saved: SavedCardStore; card: CardPanelStore }) {
  const { t } = usePaymentsTranslation();
  const { t: tAny } = useTranslation();
  const legendId = useId();
  const codeId = useId().replace(/:/g, '');
  const codeLabel = tAny('forms:fields.securityCode');
  const mandatory = saved.codeMandatory;
  const selectedId = saved.selectedId;

  useEffect(() => {
    if (!mandatory) return undefined;
    const { field, unmount } = card.mountField('securityCode', `${codeId}-secure`, codeLabel);
    saved.attachCodeField(field);
    return () => {
      saved.attachCodeField(null);
      unmount();
    };
  }, [mandatory, selectedId, card, saved, codeId, codeLabel]);

  const problem = (field: 'name' | 'phone') => {
    const message = saved.fieldProblems[field];
    return message ? (translateText(tAny, message) ?? message) : undefined;
  };

  return (
    <Box component="form" noValidate aria-label={t('methods.card.saved.formLabel')} onSubmit={(event) => (event.preventDefault(), void saved.pay())}>
      <FormControl component="fieldset" sx={{ width: '100%' }}>
        <FormLabel component="legend" id={legendId}>
          {t('methods.card.saved.legend')}
        </FormLabel>
        <RadioGroup aria-labelledby={legendId} value={saved.selectedId ?? ''} onChange={(event) => saved.select(event.target.value)}>
          {saved.methods.map((method) => (
            <FormControlLabel key={method.id} value={method.id} control={<Radio />} disabled={!method.pseudotoken || saved.paying} label={<MethodLabel method={method} />} />
          ))}
        </RadioGroup>
      </FormControl>
      {mandatory ? (
        <Box sx={{ mt: 2, maxWidth: 240 }}>
          <Typography component="div" variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
            {codeLabel}
          </Typography>
          <Box
            id={`${codeId}-secure`}
            data-secure-field="securityCode"
            sx={{
              height: 48, px: 1.5, border: 1, borderColor: 'grey.500', borderRadius: 1,
              '&:focus-within': { borderColor: 'primary.main' },
              '& iframe': { width: '100%', height: '100%', border: 0, display: 'block' },
            }}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t('methods.card.saved.codeHelp')}
          </Typography>
        </Box>
      ) : null}
      {saved.plans.form ? <PlanChoiceForm form={saved.plans.form} disabled={saved.paying} /> : null}
      <Box sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
        <TextField
          label={tAny('forms:fields.name')}
          value={saved.name}
          onChange={(event) => saved.setName(event.target.value)}
          autoComplete="name"
          required
          error={Boolean(problem('name'))}
          helperText={problem('name')}
          disabled={saved.paying}
        />
        <TextField
          label={tAny('forms:fields.phone')}
          value={saved.phone}
          onChange={(event) => saved.setPhone(event.target.value.replace(/\D/g, '').slice(0, 10))}
          autoComplete="tel-national"
          required
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          error={Boolean(problem('phone'))}
          helperText={problem('phone')}
          disabled={saved.paying}
        />
      </Box>
      <SubmitRow label={t('methods.card.submit')} busy={saved.paying} disabled={!saved.canPay} />
      <Box sx={{ mt: 1 }}>
        <TermsLine />
      </Box>
      <Button variant="text" sx={{ mt: 1 }} onClick={saved.chooseNewCard} disabled={saved.paying}>
        {t('methods.card.saved.useNewCard')}
      </Button>
    </Box>
  );
});
