/**
 * What the stores need from the outside world besides the API client, as small
 * interfaces so unit tests can hand in plain objects.
 */

/** The subset of Web Storage the stores use (localStorage / sessionStorage, or a Map in tests). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * A toast request. Texts are i18n keys; `code` is an API error's code, shown as the catalogue's
 * sentence in the buyer's language when it has one; `text` carries a server `mensaje` verbatim.
 */
export interface Notification {
  variant: 'error' | 'warning' | 'success' | 'info';
  messageKey?: string;
  code?: string;
  text?: string;
  descriptionKey?: string;
  durationMs?: number;
  /** A link button inside the toast (the support hint's 'Click aqui' opens the help page). */
  action?: { labelKey: string; href: string };
}

export type Notifier = (notification: Notification) => void;

/** Gets an invisible bot-check token for an action (sandbox or reCAPTCHA v3). */
export interface BotCheck {
  getToken(action: string): Promise<string>;
}

/** Storage that forgets everything; used when the browser refuses storage access. */
export function memoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

/** Storage keys shared with later steps (the attendee form keeps its draft under `checkout`). */
export const storageKeys = {
  language: 'language',
  purchase: 'purchase',
  formDraft: 'checkout',
  purchaseKeys: 'purchaseKeys',
} as const;
