import { reaction } from 'mobx';
import { startTransition } from 'react';
import { createNotifier } from './toasts/createNotifier';
import { createI18n, switchLanguage } from './i18n/createI18n';
import { browserStorage } from './lib/browserStorage';
import { createStorefront } from './createStorefront';
import { takeInlineEvent } from './lib/inlineEvent';
import { toLanguage } from './stores/UiStore';

// React DOM, then the App (MUI, emotion, the router, the pages), each evaluated in a task of its own
// after this entry's (the stores, i18next): three shorter tasks instead of one long one. The page's
// HTML preloads their chunks (scripts/vite-plugin-app-preload.js), so asking for them here costs no round trip.
const app = import('react-dom/client').then(async ({ createRoot }) => ({ createRoot, App: (await import('./App')).App }));

const i18nInstance = createI18n('es');
const store = createStorefront({
  localStorage: browserStorage('localStorage'),
  sessionStorage: browserStorage('sessionStorage'),
  notifier: createNotifier(i18nInstance),
});

reaction(
  () => store.ui.language,
  (language) => {
    void switchLanguage(i18nInstance, language).then(() => {
      document.documentElement.lang = language;
    });
  },
);
void store.ui.loadConfig();

// The event the server put in the page: the first render shows it, with no request first.
const inline = takeInlineEvent(document);
if (inline) store.event.adopt(inline);
// A link to the page in a language (`?lang=en`, the page's hreflang) opens it in that language, kept as the buyer's choice.
const linkedLanguage = toLanguage(new URLSearchParams(window.location.search).get('lang'));
if (linkedLanguage) store.ui.setLanguage(linkedLanguage);

// A buyer who chose English gets it from the first paint (its strings are a separate chunk).
void switchLanguage(i18nInstance, store.ui.language)
  .catch((error: unknown) => console.error('Could not load translations', error))
  .then(() => {
    document.documentElement.lang = i18nInstance.language;
    return app;
  })
  .then(({ createRoot, App }) => {
    // The server's static first view is already on screen: React renders in slices that yield
    // to the browser (a transition) instead of one long task, and replaces it when done.
    const root = createRoot(document.getElementById('root')!);
    startTransition(() => root.render(<App root={store} i18n={i18nInstance} />));
  });
