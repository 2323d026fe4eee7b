import type { FastifyRequest } from 'fastify';
import type { BotCheckAction } from '../../shared/api';
import type { ServerConfig } from '../config';
import type { AppContext } from '../context';
import { configuredMode, type PartMode } from '../sandbox-parts';
import { errors } from '../http/app-error';
import { absoluteUrl, selfUrlOf } from '../http/self-url';
import { createTurns } from '../../shared/node/turns';

/** reCAPTCHA with RECAPTCHA_SECRET (a stand-in's keys when the demo filled them in), else off (the start refuses so). */
export function botCheckMode(config: Pick<ServerConfig, 'recaptchaSecret' | 'sandboxed'>): PartMode {
  return configuredMode(Boolean(config.recaptchaSecret), config.sandboxed.has('bot-check'));
}

/**
 * siteverify calls one process has in flight at once; the others wait their turn in arrival order. An
 * on-sale's burst (2,000 buyers at once over two processes in the tests) otherwise put every call in flight
 * together, and the 5 s timeout measured this process's own backlog: buyers were refused
 * `BOT_CHECK_FAILED` with siteverify answering in well under a second.
 */
export const SITEVERIFY_AT_ONCE = 32;
const inTurn = createTurns(SITEVERIFY_AT_ONCE);

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
  const url = absoluteUrl(config.recaptchaVerifyUrl, selfUrlOf(request.server, config.internalUrl));
  const secret = config.recaptchaSecret;
  let answer: SiteVerifyAnswer;
  try {
    answer = await inTurn('siteverify', () => siteVerify(url, secret, token));
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

/** One siteverify round trip, its 5 s timeout started when its turn came. */
async function siteVerify(url: string, secret: string, token: string): Promise<SiteVerifyAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ secret, response: token }),
    signal: AbortSignal.timeout(5000),
  });
  // An error status is siteverify failing, whatever its body says: no verdict on the token.
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`siteverify answered ${response.status}`);
  }
  return (await response.json()) as SiteVerifyAnswer;
}
