import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { BotCheckAction } from '../../shared/api';
import type { AppContext } from '../context';
import { errors } from '../http/app-error';
import { spendToken } from '../repositories/token.repository';

/** How long a sandbox token may wait between being issued and being used. */
export const SANDBOX_TOKEN_TTL_MS = 2 * 60_000;

interface SandboxClaims { jti: string; action: string; exp: number }

function sign(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

/** Issues a sandbox bot-check token: single-use, bound to `action`, valid 2 minutes, HMAC-signed by the server. */
export function issueSandboxToken(ctx: AppContext, action: BotCheckAction): string {
  const claims: SandboxClaims = { jti: randomUUID(), action, exp: ctx.now().getTime() + SANDBOX_TOKEN_TTL_MS };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `sbx.${payload}.${sign(payload, ctx.config.signingSecret)}`;
}

async function verifySandboxToken(ctx: AppContext, token: string, action: BotCheckAction): Promise<void> {
  const [prefix, payload, signature] = token.split('.');
  if (prefix !== 'sbx' || !payload || !signature) throw errors.botCheckFailed('token inválido');
  const expected = Buffer.from(sign(payload, ctx.config.signingSecret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw errors.botCheckFailed('firma inválida');
  let claims: SandboxClaims;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SandboxClaims;
  } catch {
    throw errors.botCheckFailed('token inválido');
  }
  if (claims.action !== action) throw errors.botCheckFailed('acción distinta');
  const now = ctx.now();
  if (claims.exp <= now.getTime()) throw errors.botCheckFailed('token vencido');
  const fresh = await spendToken(ctx.db.kysely, claims.jti, new Date(claims.exp).toISOString(), now.toISOString());
  if (!fresh) throw errors.botCheckFailed('token ya usado');
}

interface SiteVerifyAnswer { success: boolean; action?: string; hostname?: string; score?: number; 'error-codes'?: string[] }

/** reCAPTCHA v3: Google's siteverify must say success, the same action, an accepted host name and a high enough score. */
async function verifyRecaptcha(ctx: AppContext, token: string, action: BotCheckAction, requestHost: string): Promise<void> {
  let answer: SiteVerifyAnswer;
  try {
    const response = await fetch(ctx.config.recaptchaVerifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: ctx.config.recaptchaSecret!, response: token }),
      signal: AbortSignal.timeout(5000),
    });
    answer = (await response.json()) as SiteVerifyAnswer;
  } catch {
    throw errors.botCheckFailed('servicio no disponible');
  }
  if (!answer.success) throw errors.botCheckFailed('token rechazado');
  if (answer.action !== action) throw errors.botCheckFailed('acción distinta');
  const hosts = ctx.config.recaptchaHostnames.length > 0 ? ctx.config.recaptchaHostnames : [requestHost];
  if (!answer.hostname || !hosts.includes(answer.hostname)) throw errors.botCheckFailed('dominio distinto');
  if ((answer.score ?? 0) < ctx.config.recaptchaMinScore) throw errors.botCheckFailed('puntuación baja');
}

/** Verifies a bot-check token for `action` with reCAPTCHA when configured, otherwise the built-in sandbox. */
export async function verifyBotCheck(ctx: AppContext, token: string | undefined | null, action: BotCheckAction, requestHost: string): Promise<void> {
  if (!token) throw errors.botCheckMissing();
  if (ctx.config.recaptchaSecret) return verifyRecaptcha(ctx, token, action, requestHost);
  return verifySandboxToken(ctx, token, action);
}
