import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import type { Registry } from '@rjsf/utils';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { shownErrors } from '../../state/formContext';
import { translateText } from '../../i18n/translateText';

interface FieldIdentity {
  id: string;
  label?: string;
  hideLabel?: boolean;
  rawErrors?: string[];
  registry: Registry;
}

/**
 * What every outlined field reads the same way: whether it shows an error (aria-invalid and the
 * red outline follow the SHOWN errors, not every error the validator found) and its label in
 * the form's language (none when rjsf hides it). Call it from an observer widget.
 */
export function useOutlinedField({ id, label, hideLabel, rawErrors, registry }: FieldIdentity): { invalid: boolean; shownLabel: string | undefined } {
  const { t } = useTranslation();
  return {
    invalid: shownErrors(id, rawErrors, registry).length > 0,
    shownLabel: hideLabel ? undefined : translateText(t, label),
  };
}

/**
 * The frame MUI's TextField renders around an outlined input — FormControl with the label tied
 * to the input by `htmlFor` — composed from its parts, because TextField also imports the
 * menu-based Select (with its popover and modal) and the other two variants, which the form
 * never shows (docs/decisions/016-page-weight.md). `shrink`: the label stays above the box
 * (native selects and date inputs always show something inside).
 */
export function OutlinedField(props: {
  id: string;
  shownLabel: string | undefined;
  invalid: boolean;
  required?: boolean;
  disabled?: boolean;
  shrink?: boolean;
  children: ReactNode;
}) {
  const { id, shownLabel, invalid, required, disabled, shrink, children } = props;
  return (
    <FormControl fullWidth required={required} disabled={disabled} error={invalid}>
      {shownLabel ? (
        <InputLabel htmlFor={id} id={`${id}-label`} shrink={shrink}>
          {shownLabel}
        </InputLabel>
      ) : null}
      {children}
    </FormControl>
  );
}
