import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { BotCheckAction } from '../../shared/api';
import type { ServerConfig } from '../config';
import type { AppContext } from '../context';
import { partMode, type PartMode } from '../sandbox-parts';
import { errors } from '../http/app-error';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { spendToken, trimSpentTokens } from '../repositories/token.repository';

/** reCAPTCHA with RECAPTCHA_SECRET, else the built-in sandbox when switched on, else off (production refuses to start so). */
export function botCheckMode(config: Pick<ServerConfig, 'recaptchaSecret' | 'sandbox'>): PartMode {
  return partMode(Boolean(config.recaptchaSecret), config.sandbox['bot-check']);
}

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

/** The claims of a sandbox token that is well formed, signed by us, for `action` and not expired; throws the 403 otherwise. */
function checkSandboxToken(ctx: AppContext, token: string, action: BotCheckAction): SandboxClaims {
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
  if (claims.exp <= ctx.now().getTime()) throw errors.botCheckFailed('token vencido');
  return claims;
}

/**
 * The single-use half of the sandbox check: records the token as spent in `db` (the database, or
 * the caller's write transaction), 403 when it was spent already.
 */
/**
 * Spends a token in `db` (a transaction: the spend stands or falls with it). `token` is the row it
 * writes, for a caller that spends it inside one statement of its own (PostgreSQL's `checkout_hold`).
 */
export type TokenSpend = ((db: Kysely<Database>) => Promise<void>) & { readonly token: { id: string; expiresAt: string } };

function spendOf(claims: SandboxClaims): TokenSpend {
  const token = { id: claims.jti, expiresAt: new Date(claims.exp).toISOString() };
  const spend = async (db: Kysely<Database>) => {
    if (!(await spendToken(db, token.id, token.expiresAt))) throw tokenSpentAlready();
  };
  return Object.assign(spend, { token });
}

/** The 403 of a token used before (the spend found its row already there). */
export const tokenSpentAlready = () => errors.botCheckFailed('token ya usado');

/** A valid sandbox token's spend; expired entries are trimmed first, on the database itself (never inside a caller's transaction). */
async function sandboxSpend(ctx: AppContext, token: string, action: BotCheckAction): Promise<TokenSpend> {
  // With the sandbox off, no token of ours is good (nothing issues them; an old one must not pass).
  if (botCheckMode(ctx.config) !== 'sandbox') throw errors.botCheckFailed('servicio no disponible');
  const claims = checkSandboxToken(ctx, token, action);
  await trimSpentTokens(ctx.db.kysely, ctx.now().toISOString());
  return spendOf(claims);
}

async function verifySandboxToken(ctx: AppContext, token: string, action: BotCheckAction): Promise<void> {
  await (await sandboxSpend(ctx, token, action))(ctx.db.kysely);
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
  // The configured host names, else PUBLIC_URL's; the request's own Host header only in development without PUBLIC_URL.
  const { recaptchaHostnames, publicUrl } = ctx.config;
  const hosts = recaptchaHostnames.length > 0 ? recaptchaHostnames : publicUrl ? [new URL(publicUrl).hostname] : [requestHost];
  if (!answer.hostname || !hosts.includes(answer.hostname)) throw errors.botCheckFailed('dominio distinto');
  if ((answer.score ?? 0) < ctx.config.recaptchaMinScore) throw errors.botCheckFailed('puntuación baja');
}

/**
 * Like `verifyBotCheck`, but a sandbox token's spend is returned for the caller to run first in its
 * own write transaction (one commit per purchase instead of two). The caller must still spend it
 * when that transaction does not commit (`spendUnlessCommitted`). Undefined when nothing is left
 * to spend (reCAPTCHA: Google's answer is the whole check).
 */
export async function verifyBotCheckDeferringSpend(ctx: AppContext, token: string | undefined | null, action: BotCheckAction, requestHost: string): Promise<TokenSpend | undefined> {
  if (!token) throw errors.botCheckMissing();
  if (ctx.config.recaptchaSecret) {
    await verifyRecaptcha(ctx, token, action, requestHost);
    return undefined;
  }
  return sandboxSpend(ctx, token, action);
}

/**
 * Runs `work` with the token's spend (none: `work(undefined)`). When `work` fails, the spend may
 * have been rolled back with it: the token is spent now, so a refused request uses its token up as
 * before, and a token spent already answers its 403 ahead of `work`'s error, as when it was checked first.
 */
export async function spendUnlessCommitted<T>(ctx: AppContext, spend: TokenSpend | undefined, work: (spend: TokenSpend | undefined) => Promise<T>): Promise<T> {
  if (!spend) return work(undefined);
  try {
    return await work(spend);
  } catch (error) {
    await spend(ctx.db.kysely);
    throw error;
  }
}

/** Verifies a bot-check token for `action` with reCAPTCHA when configured, otherwise the built-in sandbox. */
export async function verifyBotCheck(ctx: AppContext, token: string | undefined | null, action: BotCheckAction, requestHost: string): Promise<void> {
  if (!token) throw errors.botCheckMissing();
  if (ctx.config.recaptchaSecret) return verifyRecaptcha(ctx, token, action, requestHost);
  return verifySandboxToken(ctx, token, action);
}
