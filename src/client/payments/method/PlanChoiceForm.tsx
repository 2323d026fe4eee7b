import Box from '@mui/material/Box';
import { paymentWidgets } from '../../../../renderers/paymentWidgets';
import { SchemaForm } from '../../../../renderers/SchemaForm/SchemaForm';
import type { StaticForm } from '../../forms/staticForms';
import type { PlanChoice } from './installmentsForm';

/** The card plans' choice (installmentsForm) inside a card panel's form: a radio group, no form of its own. */
export function PlanChoiceForm({ form, disabled }: { form: StaticForm<PlanChoice>; disabled?: boolean }) {
  return (
    <Box sx={{ mt: 2 }} data-testid="installments-choice">
      <SchemaForm<PlanChoice> tagName="div" extraWidgets={paymentWidgets} schema={form.schema} uiSchema={form.uiSchema} validator={form.validator} state={form.state} disabled={disabled} />
    </Box>
  );
}
