import { makeAutoObservable, runInAction } from 'mobx';
import { serverCode, serverMessage } from '../api/ApiError';
import type { AppConfig } from '../api/types';
import type { RootStore } from './RootStore';
import type { Notification } from './ports';
import { storageKeys } from './ports';

export type Language = 'es' | 'en';

/** Parses a stored or configured language; anything unknown is undefined. */
export function toLanguage(value: unknown): Language | undefined {
  if (typeof value !== 'string') return undefined;
  const short = value.trim().toLowerCase().slice(0, 2);
  return short === 'es' || short === 'en' ? short : undefined;
}

/** Interface state shared across pages: language, leave warning, exit modal, server config, toasts. */
export class UiStore {
  language: Language;
  /** True on the steps where leaving loses the buyer's place (the form and payment-method steps). */
  leaveBlocked = false;
  exitModalOpen = false;
  pendingRequests = 0;
  appConfig: AppConfig | null = null;
  private configRequest: Promise<AppConfig | null> | null = null;

  constructor(private readonly root: RootStore) {
    this.language = toLanguage(root.localStorage.getItem(storageKeys.language)) ?? 'es';
    makeAutoObservable<UiStore, 'root' | 'configRequest'>(this, { root: false, configRequest: false }, { autoBind: true });
  }

  /** The buyer's choice from the switch; remembered in localStorage. */
  setLanguage(language: Language): void {
    this.language = language;
    this.root.localStorage.setItem(storageKeys.language, language);
  }

  /** The event's idiomaDefault wins over the stored choice, without overwriting it. */
  applyEventLanguage(value: unknown): void {
    const language = toLanguage(value);
    if (language) this.language = language;
  }

  setLeaveBlocked(blocked: boolean): void {
    this.leaveBlocked = blocked;
  }

  openExitModal(): void {
    this.exitModalOpen = true;
  }

  closeExitModal(): void {
    this.exitModalOpen = false;
  }

  get isBusy(): boolean {
    return this.pendingRequests > 0;
  }

  /** Counts `promise` as a pending request while it runs. */
  async track<T>(promise: Promise<T>): Promise<T> {
    this.pendingRequests += 1;
    try {
      return await promise;
    } finally {
      runInAction(() => {
        this.pendingRequests -= 1;
      });
    }
  }

  /** Loads `/api/config` once; later calls share the first request. A failure resolves to null. */
  loadConfig(): Promise<AppConfig | null> {
    this.configRequest ??= this.root.api.getConfig().then(
      (config) => {
        runInAction(() => {
          this.appConfig = config;
        });
        return config;
      },
      (error: unknown) => {
        console.error('Could not load /api/config', error);
        this.configRequest = null;
        return null;
      },
    );
    return this.configRequest;
  }

  /** Shows a toast through the injected notifier. */
  notify(notification: Notification): void {
    this.root.notifier(notification);
  }

  /**
   * The toast for a failed purchase/products/form call: the server's error (its code's sentence
   * in the buyer's language, else its mensaje) or, without one, the support hint.
   */
  notifyRequestFailure(error: unknown): void {
    const mensaje = serverMessage(error);
    if (mensaje) {
      const code = serverCode(error);
      this.notify({ variant: 'error', ...(code ? { code } : {}), text: mensaje });
      return;
    }
    this.notify({
      variant: 'error',
      messageKey: 'errors:requestFailed.title',
      descriptionKey: 'errors:requestFailed.description',
      durationMs: 5000,
      action: this.appConfig?.helpUrl ? { labelKey: 'errors:requestFailed.action', href: this.appConfig.helpUrl } : undefined,
    });
  }
}
