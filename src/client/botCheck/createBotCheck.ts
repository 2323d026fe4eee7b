import type { AppConfig } from '../api/types';
import type { BotCheck } from '../stores/ports';
import { BotCheckNotLoadedError } from './BotCheckNotLoadedError';
import { loadRecaptcha } from './loadRecaptcha';

/**
 * reCAPTCHA v3 as `/api/config` describes it (its site key and the api.js to load: Google's, or the
 * demo's stand-in), the script loaded only when a token is first needed (so the ticket page
 * loads no provider script up front).
 */
export function createBotCheck(getConfig: () => Promise<AppConfig | null>): BotCheck {
  return {
    async getToken(action) {
      const botCheck = (await getConfig())?.botCheck;
      if (!botCheck?.siteKey) throw new BotCheckNotLoadedError('reCAPTCHA site key missing');
      const { siteKey, scriptUrl } = botCheck;
      const grecaptcha = await loadRecaptcha(scriptUrl, siteKey);
      return new Promise<string>((resolve, reject) => {
        grecaptcha.ready(() => {
          grecaptcha.execute(siteKey, { action }).then(resolve, reject);
        });
      });
    },
  };
}
