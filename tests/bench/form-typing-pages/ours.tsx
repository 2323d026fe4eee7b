import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { runInAction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
// @ts-expect-error virtual module of the bench build (tests/bench/form-typing.ts)
import * as benchModule from 'virtual:bench-attendee-module';
import type { ApiClient } from '../../../src/client/api/ApiClient';
import { AttendeeBlockForm } from '../../../src/client/forms/attendee/AttendeeBlockForm';
import { AttendeeFormStore } from '../../../src/client/forms/attendee/AttendeeFormStore';
import type { AttendeeModule } from '../../../src/client/forms/attendee/attendeeModule';
import { createI18n } from '../../../src/client/i18n/createI18n';
import { RootStore } from '../../../src/client/stores/RootStore';
import { theme } from '../../../src/client/theme';
import { ATTENDEES, instrumentKeystrokes } from './shared';

/** Ours: the real attendee step's store and blocks (one SchemaForm per attendee, precompiled validator, draft reaction). */
const root = new RootStore({ api: {} as ApiClient, botCheck: { getToken: async () => 'bench' }, sessionStorage: window.sessionStorage });
runInAction(() => {
  root.event.url = 'bench';
  root.checkout.purchaseId = 'bench';
  root.checkout.tickets = [{ ticketId: 1, name: 'General', quantity: ATTENDEES, price: 350, volumeDiscount: null }];
});
const module = benchModule as unknown as { t1: AttendeeModule['validators'][string]; attendeeForms: AttendeeModule['forms'] };
const store = new AttendeeFormStore(root, {
  loadModule: async () => ({ forms: module.attendeeForms, validators: { '1': module.t1 }, eventVersion: 'bench' }),
  addInfo: async () => undefined,
});

const App = observer(function App() {
  const [i18n] = useState(() => createI18n('es'));
  useEffect(() => {
    void store.load().then(() => document.body.setAttribute('data-ready', 'true'));
  }, []);
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <main style={{ maxWidth: 720, margin: '0 auto', padding: 16 }}>
          {store.blocks.map((block) => (
            <AttendeeBlockForm key={block.key} block={block} disabled={false} />
          ))}
        </main>
      </ThemeProvider>
    </I18nextProvider>
  );
});

instrumentKeystrokes();
createRoot(document.getElementById('root')!).render(<App />);
