import { createHttpApiClient } from './api/createHttpApiClient';
import { createBotCheck } from './botCheck/createBotCheck';
import type { KeyValueStorage, Notifier } from './stores/ports';
import { purchaseKeyFor } from './stores/purchaseKeys';
import { RootStore } from './stores/RootStore';

export interface StorefrontParts {
  localStorage: KeyValueStorage;
  sessionStorage: KeyValueStorage;
  notifier: Notifier;
  /** The browser's fetch by default. */
  fetchImpl?: typeof fetch;
}

/**
 * Wires the HTTP client to the stores: the purchase access keys from sessionStorage, the 401/429
 * toasts and the buyer's language come from the root, which exists only after the client.
 */
export function createStorefront(parts: StorefrontParts): RootStore {
  let root: RootStore | undefined;
  const api = createHttpApiClient({
    fetchImpl: parts.fetchImpl,
    purchaseKey: (purchaseId) => purchaseKeyFor(parts.sessionStorage, purchaseId),
    language: () => root?.ui.language,
    onProblem: (problem) =>
      root?.ui.notify(
        problem === 'unauthorized'
          ? { variant: 'error', messageKey: 'errors:unauthorized' }
          : { variant: 'warning', messageKey: 'errors:tooManyRequests' },
      ),
  });
  root = new RootStore({
    api,
    botCheck: createBotCheck(() => root!.ui.loadConfig()),
    localStorage: parts.localStorage,
    sessionStorage: parts.sessionStorage,
    notifier: parts.notifier,
  });
  return root;
}
