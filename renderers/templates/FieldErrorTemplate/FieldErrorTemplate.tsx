import FormHelperText from '@mui/material/FormHelperText';
import { errorId, type FieldErrorProps } from '@rjsf/utils';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { shownErrors } from '../../state/formContext';
import { messageValues, translateText } from '../../i18n/translateText';

/**
 * The error line under a field: its FIRST problem (rules are checked in the spec's
 * order), translated, once the field was touched or the form submitted. The line is
 * always in the page (empty when there is nothing to say) so the input's
 * aria-describedby points at it and a new message is announced politely.
 */
export const FieldErrorTemplate = observer(function FieldErrorTemplate({ errors, fieldPathId, schema, registry }: FieldErrorProps) {
  const { t } = useTranslation();
  const shown = shownErrors(fieldPathId.$id, errors, registry);
  const message = shown[0];
  return (
    <FormHelperText id={errorId(fieldPathId)} error component="div" aria-live="polite" sx={{ mx: 0, mt: message ? 0.5 : 0 }}>
      {message ? translateText(t, message, messageValues(schema)) : null}
    </FormHelperText>
  );
});
