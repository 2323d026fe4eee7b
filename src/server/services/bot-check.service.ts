import type { FastifyRequest } from 'fastify';
import type { BotCheckAction } from '../../shared/api';
import type { ServerConfig } from '../config';
import type { AppContext } from '../context';
import { configuredMode, type PartMode } from '../sandbox-parts';
import { errors } from '../http/app-error';
import { absoluteUrl, selfUrlOf } from '../http/self-url';

/** reCAPTCHA with RECAPTCHA_SECRET (a stand-in's keys when the demo filled them in), else off (the start refuses so). */
export function botCheckMode(config: Pick<ServerConfig, 'recaptchaSecret' | 'sandboxed'>): PartMode {
  return configuredMode(Boolean(config.recaptchaSecret), config.sandboxed.has('bot-check'));
}

interface SiteVerifyAnswer { success: boolean; action?: string; hostname?: string; score?: number; 'error-codes'?: string[] }

/**
 * reCAPTCHA v3: siteverify (RECAPTCHA_VERIFY_URL; a relative one is this server's own) must say
 * success, the same action, an accepted host name and a high enough score. A token is good once:
 * siteverify answers `timeout-or-duplicate` for a token it has seen.
 */
export async function verifyBotCheck(ctx: AppContext, token: string | undefined | null, action: BotCheckAction, request: Pick<FastifyRequest, 'hostname' | 'server'>): Promise<void> {
  if (!token) throw errors.botCheckMissing();
  const { config } = ctx;
  if (!config.recaptchaSecret) throw errors.botCheckFailed('servicio no disponible');
  let answer: SiteVerifyAnswer;
  try {
    const response = await fetch(absoluteUrl(config.recaptchaVerifyUrl, selfUrlOf(request.server, config.internalUrl)), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: config.recaptchaSecret, response: token }),
      signal: AbortSignal.timeout(5000),
    });
    // An error status is siteverify failing, whatever its body says: no verdict on the token.
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`siteverify answered ${response.status}`);
    }
    answer = (await response.json()) as SiteVerifyAnswer;
  } catch {
    throw errors.botCheckFailed('servicio no disponible');
  }
  if (!answer.success) throw errors.botCheckFailed(answer['error-codes']?.includes('timeout-or-duplicate') ? 'token ya usado o vencido' : 'token rechazado');
  if (answer.action !== action) throw errors.botCheckFailed('acción distinta');
  // The configured host names, else PUBLIC_URL's; the request's own Host header only in development without PUBLIC_URL.
  const { recaptchaHostnames, publicUrl } = config;
  const hosts = recaptchaHostnames.length > 0 ? recaptchaHostnames : publicUrl ? [new URL(publicUrl).hostname] : [request.hostname.split(':')[0]];
  if (!answer.hostname || !hosts.includes(answer.hostname)) throw errors.botCheckFailed('dominio distinto');
  if ((answer.score ?? 0) < config.recaptchaMinScore) throw errors.botCheckFailed('puntuación baja');
}
