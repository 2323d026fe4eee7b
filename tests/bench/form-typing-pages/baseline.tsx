import CssBaseline from '@mui/material/CssBaseline';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import Form from '@rjsf/mui';
import type { UiSchema } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import ajvErrors from 'ajv-errors';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { compileOrderForm } from '../../../src/shared/attendee-form';
import { ATTENDEES, BENCH_FIELDS, instrumentKeystrokes } from './shared';

/**
 * Baseline: plain @rjsf/mui on the SAME compiled order schema (10 attendees × 8 fields),
 * rjsf's ajv validator (with ajv-errors for the same messages) and live validation —
 * rjsf used the way its docs show. Our widget names are dropped (the MUI theme has its
 * own text, select, checkbox and file inputs).
 */
const { schema, uiSchema } = compileOrderForm([{ ticketId: 1, ticketName: 'General', quantity: ATTENDEES, fields: BENCH_FIELDS }]);
const KNOWN = new Set(['email', 'select']);
const stripWidgets = (node: unknown): unknown => {
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'ui:widget' && !KNOWN.has(String(value))))
      .map(([key, value]) => [key, stripWidgets(value)]),
  );
};
const baselineUi = stripWidgets(uiSchema) as UiSchema;
const validator = customizeValidator({ ajvOptionsOverrides: { allErrors: true }, extenderFn: (ajv) => ajvErrors(ajv as never) as never });

function App() {
  const [formData, setFormData] = useState<unknown>({ '1': Array.from({ length: ATTENDEES }, () => ({})) });
  useEffect(() => document.body.setAttribute('data-ready', 'true'), []);
  return (
    <ThemeProvider theme={createTheme()}>
      <CssBaseline />
      <main style={{ maxWidth: 720, margin: '0 auto', padding: 16 }}>
        <Form schema={schema} uiSchema={baselineUi} validator={validator} formData={formData} onChange={(event) => setFormData(event.formData)} liveValidate showErrorList={false} />
      </main>
    </ThemeProvider>
  );
}

instrumentKeystrokes();
createRoot(document.getElementById('root')!).render(<App />);
