import type { KeyValueStorage } from '../../stores/ports';

/**
 * Openpay's two browser scripts, loaded once on demand by the Openpay panel (never by the
 * ticket page): openpay.v1.min.js, then its anti-fraud openpay-data.v1.min.js, which needs the
 * first. Live: Openpay's CDN; sandbox: the copies this server serves with the same API. The
 * device session id (`OpenPay.deviceData.setup()`) is kept in localStorage, so a reload or a
 * second try reports the same device. The card itself is tokenized inside the card frame
 * (`/payments/openpay/card-frame`), never on this page.
 */

export interface OpenpayGlobal {
  setId(merchantId: string): void;
  setApiKey(publicKey: string): void;
  setSandboxMode(on: boolean): void;
  deviceData: { setup(formId?: string, hiddenFieldName?: string): string };
}

declare global {
  interface Window {
    OpenPay?: OpenpayGlobal;
  }
}

/** Where the scripts run: Openpay itself, or this server's sandbox (`GET /api/config` → `openpay`). */
export interface OpenpaySdkConfig {
  mode: 'live' | 'sandbox';
  merchantId: string;
  publicKey: string;
  sandboxMode: boolean;
}

export const OPENPAY_SCRIPTS = {
  live: ['https://js.openpay.mx/openpay.v1.min.js', 'https://js.openpay.mx/openpay-data.v1.min.js'],
  sandbox: ['/sandbox/openpay/js/openpay.v1.min.js', '/sandbox/openpay/js/openpay-data.v1.min.js'],
} as const;

/** localStorage key of the device session id. */
export const DEVICE_SESSION_KEY = 'openpay_device_session_id';

const loaded = new Map<string, Promise<void>>();

/** Injects one script once; a failed load may be retried. */
function injectScript(src: string): Promise<void> {
  let pending = loaded.get(src);
  if (!pending) {
    pending = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = false;
      script.onload = () => resolve();
      script.onerror = () => {
        loaded.delete(src);
        script.remove();
        reject(new Error(`Could not load ${src}`));
      };
      document.head.appendChild(script);
    });
    loaded.set(src, pending);
  }
  return pending;
}

/** Loads both scripts (in order), configures OpenPay and answers the device session id (stored, or made once). */
export async function loadOpenpay(config: OpenpaySdkConfig, storage: KeyValueStorage): Promise<{ deviceSessionId: string }> {
  const [main, deviceData] = OPENPAY_SCRIPTS[config.mode];
  await injectScript(main);
  await injectScript(deviceData);
  const OpenPay = window.OpenPay;
  if (!OpenPay?.deviceData) throw new Error('OpenPay not available');
  OpenPay.setId(config.merchantId);
  OpenPay.setApiKey(config.publicKey);
  OpenPay.setSandboxMode(config.sandboxMode);
  let deviceSessionId = storage.getItem(DEVICE_SESSION_KEY);
  if (!deviceSessionId) {
    deviceSessionId = OpenPay.deviceData.setup();
    storage.setItem(DEVICE_SESSION_KEY, deviceSessionId);
  }
  return { deviceSessionId };
}
