import CircularProgress from '@mui/material/CircularProgress';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { SchemaForm } from '../../../renderers/SchemaForm/SchemaForm';
import { loadStaticForm, type StaticForm } from '../forms/staticForms';
import { invoiceSchemaFor, type InvoiceAnswers } from './invoiceForm';

/** Loads the invoice form (schemas/forms/invoice) once, starting from `initialData`; null until it is there. */
export function useInvoiceForm(initialData: InvoiceAnswers, idPrefix = 'invoice'): StaticForm<InvoiceAnswers> | null {
  const [form, setForm] = useState<StaticForm<InvoiceAnswers> | null>(null);
  // The first data only: a form already shown keeps what the buyer typed.
  const [start] = useState(initialData);
  useEffect(() => {
    let live = true;
    void loadStaticForm<InvoiceAnswers>('invoice', { initialData: start, idPrefix }).then((loaded) => live && setForm(loaded));
    return () => {
      live = false;
    };
  }, [start, idPrefix]);
  return form;
}

/**
 * The buyer's fiscal data drawn by `SchemaForm` from schemas/forms/invoice: the uso de CFDI lists only
 * the uses the chosen régimen allows (the schema's own condition, `invoiceSchemaFor`); problems show at
 * their fields, the server's included (`form.state.setServerProblems`). `tagName="div"` inside a larger form.
 */
export const InvoiceForm = observer(function InvoiceForm({
  form, disabled, onSubmit, tagName, label, children,
}: { form: StaticForm<InvoiceAnswers> | null; disabled?: boolean; onSubmit?: (answers: InvoiceAnswers) => void; tagName?: 'div'; label: string; children?: ReactNode }) {
  const regime = form?.state.data.regimen_fiscal;
  const schema = useMemo(() => (form ? invoiceSchemaFor(form.schema, regime) : null), [form, regime]);
  if (!form || !schema) return <CircularProgress size={24} aria-label={label} />;
  return (
    <SchemaForm<InvoiceAnswers>
      schema={schema} uiSchema={form.uiSchema} validator={form.validator} state={form.state} disabled={disabled} tagName={tagName} onSubmit={onSubmit} aria-label={label}
    >
      {children}
    </SchemaForm>
  );
});
