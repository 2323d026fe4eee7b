import { BotCheckNotLoadedError } from './BotCheckNotLoadedError';

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

let loading: Promise<Grecaptcha> | null = null;

/** Injects the reCAPTCHA v3 script (`scriptUrl?render=SITE_KEY`) once and resolves with `window.grecaptcha`. */
export function loadRecaptcha(scriptUrl: string, siteKey: string, timeoutMs = 10_000): Promise<Grecaptcha> {
  if (window.grecaptcha) return Promise.resolve(window.grecaptcha);
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `${scriptUrl}?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    const fail = () => {
      loading = null; // allow a retry on the next Continue
      script.remove();
      reject(new BotCheckNotLoadedError());
    };
    const timer = window.setTimeout(fail, timeoutMs);
    script.onload = () => {
      window.clearTimeout(timer);
      if (window.grecaptcha) resolve(window.grecaptcha);
      else fail();
    };
    script.onerror = () => {
      window.clearTimeout(timer);
      fail();
    };
    document.head.appendChild(script);
  });
  return loading;
}
