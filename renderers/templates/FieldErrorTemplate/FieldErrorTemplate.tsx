import FormHelperText from '@mui/material/FormHelperText';
import { errorId, type FieldErrorProps } from '@rjsf/utils';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { shownErrors } from '../../state/formContext';
import { messageValues, translateText } from '../../i18n/translateText';
import type { QuotedSchema } from '../../../src/shared/attendee-form/message-values';

/**
 * The error line under a field: its FIRST problem (rules are checked in the schema's
 * property order), translated, once the field was touched or the form submitted. The line is
 * always in the page (empty when there is nothing to say) so the input's
 * aria-describedby points at it, a new message is announced politely, and the layout
 * does not jump under the pointer when a message appears.
 */
export const FieldErrorTemplate = observer(function FieldErrorTemplate({ errors, fieldPathId, schema, registry }: FieldErrorProps) {
  const { t, i18n } = useTranslation();
  const shown = shownErrors(fieldPathId.$id, errors, registry);
  const message = shown[0];
  const isRoot = fieldPathId.path.length === 0;
  return (
    // One line is always reserved: a message appearing on blur must not move the button being clicked.
    <FormHelperText id={errorId(fieldPathId)} error component="div" aria-live="polite" sx={{ mx: 0, mt: isRoot && !message ? 0 : 0.25, minHeight: isRoot ? 0 : '1.25rem' }}>
      {message ? translateText(t, message, messageValues(schema as QuotedSchema, i18n.language)) : null}
    </FormHelperText>
  );
});
