import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

/**
 * Stripe.js, loaded on demand by the card payment provider's panel (never by the ticket page):
 * the `pure` entry of `@stripe/stripe-js` injects nothing until `loadStripe` is called. Live
 * mode: it injects js.stripe.com. Sandbox mode: our server's `/sandbox/stripe/v3` is injected
 * first; it defines `window.Stripe`, which the official loader then answers instead of
 * injecting the real one, so the same code path (and `@stripe/react-stripe-js`) serves both.
 */

/** Where the provider runs and the publishable key Stripe.js is created with. */
export interface StripeSdkConfig {
  mode: 'live' | 'sandbox';
  publishableKey: string;
}

export const SANDBOX_STRIPE_JS_URL = '/sandbox/stripe/v3';

/** The card payment provider's pages speak English (its payment element, wallet sheets, errors). */
export const STRIPE_LOCALE = 'en';

let sandboxScript: Promise<void> | null = null;

/** Injects the sandbox's Stripe.js once; a failed load may be retried. */
function injectSandboxScript(): Promise<void> {
  sandboxScript ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SANDBOX_STRIPE_JS_URL;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      sandboxScript = null;
      script.remove();
      reject(new Error('The Stripe sandbox script could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return sandboxScript;
}

/** Loads Stripe.js for `config.mode` and answers `Stripe(publishableKey, {locale: 'en'})`. */
export async function loadStripeSdk(config: StripeSdkConfig): Promise<Stripe> {
  if (config.mode === 'sandbox') await injectSandboxScript();
  const stripe = await loadStripe(config.publishableKey, { locale: STRIPE_LOCALE });
  if (!stripe) throw new Error('Stripe.js not available');
  return stripe;
}

/**
 * The publishable key for an event: in live mode an event's own `stripe_public_key` wins over
 * STRIPE_PUBLISHABLE_KEY; the sandbox only knows its own key.
 */
export function stripeSdkConfig(server: StripeSdkConfig | undefined, eventKey: unknown): StripeSdkConfig | null {
  if (!server) return null;
  if (server.mode === 'live' && typeof eventKey === 'string' && eventKey.trim()) return { mode: 'live', publishableKey: eventKey.trim() };
  return server;
}
