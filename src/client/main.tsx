import { reaction } from 'mobx';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createHttpApiClient } from './api/createHttpApiClient';
import { createBotCheck } from './botCheck/createBotCheck';
import { createNotifier } from './toasts/createNotifier';
import { createI18n, switchLanguage } from './i18n/createI18n';
import { browserStorage } from './lib/browserStorage';
import { purchaseKeyFor } from './stores/purchaseKeys';
import { RootStore } from './stores/RootStore';

// The HTTP client reports 401/429 through the root, which exists only after the client.
let root: RootStore | undefined;
const sessionStorageStore = browserStorage('sessionStorage');
const api = createHttpApiClient({
  purchaseKey: (purchaseId) => purchaseKeyFor(sessionStorageStore, purchaseId),
  onProblem: (problem) =>
    root?.ui.notify(
      problem === 'unauthorized'
        ? { variant: 'error', messageKey: 'errors:unauthorized' }
        : { variant: 'warning', messageKey: 'errors:tooManyRequests' },
    ),
});

const localStorageStore = browserStorage('localStorage');
const i18nInstance = createI18n('es');

root = new RootStore({
  api,
  botCheck: createBotCheck(api, () => root!.ui.loadConfig()),
  localStorage: localStorageStore,
  sessionStorage: sessionStorageStore,
  notifier: createNotifier(i18nInstance),
});
const store = root;

reaction(
  () => store.ui.language,
  (language) => {
    void switchLanguage(i18nInstance, language).then(() => {
      document.documentElement.lang = language;
    });
  },
);
void store.ui.loadConfig();

// A buyer who chose English gets it from the first paint (its strings are a separate chunk).
void switchLanguage(i18nInstance, store.ui.language)
  .catch((error: unknown) => console.error('Could not load translations', error))
  .finally(() => {
    document.documentElement.lang = i18nInstance.language;
    createRoot(document.getElementById('root')!).render(<App root={store} i18n={i18nInstance} />);
  });
