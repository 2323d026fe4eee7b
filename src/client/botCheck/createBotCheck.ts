import type { ApiClient } from '../api/ApiClient';
import type { AppConfig } from '../api/types';
import type { BotCheck } from '../stores/ports';
import { BotCheckNotLoadedError } from './BotCheckNotLoadedError';
import { loadRecaptcha } from './loadRecaptcha';

/**
 * The bot check the server asks for in `/api/config`: its sandbox token endpoint,
 * or reCAPTCHA v3 whose script is loaded only when a token is first needed
 * (so the ticket page loads no provider script up front).
 */
export function createBotCheck(api: ApiClient, getConfig: () => Promise<AppConfig | null>): BotCheck {
  return {
    async getToken(action) {
      const config = await getConfig();
      const botCheck = config?.botCheck;
      if (!botCheck || botCheck.provider === 'sandbox') return api.getBotCheckToken(action);
      if (!botCheck.siteKey) throw new BotCheckNotLoadedError('reCAPTCHA site key missing');
      const grecaptcha = await loadRecaptcha(botCheck.siteKey);
      return new Promise<string>((resolve, reject) => {
        grecaptcha.ready(() => {
          grecaptcha.execute(botCheck.siteKey as string, { action }).then(resolve, reject);
        });
      });
    },
  };
}
