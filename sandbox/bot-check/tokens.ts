import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

/** How long a token may wait between `grecaptcha.execute` and siteverify (Google's is two minutes too). */
export const TOKEN_LIFETIME_MS = 2 * 60_000;

/** What a sandbox token carries: Google keeps the same facts behind its opaque tokens. */
export interface TokenClaims {
  jti: string;
  siteKey: string;
  action: string;
  hostname: string;
  /** Issued at and expiry, epoch milliseconds. */
  iat: number;
  exp: number;
}

const derive = (secret: string, purpose: string) => createHmac('sha256', secret).update(`recaptcha-sandbox:${purpose}`).digest('base64url');

/** A site key and secret shaped like Google's (40 characters starting with `6L`), derived from `secret`. */
export function sandboxKeys(secret: string): { siteKey: string; secretKey: string } {
  return { siteKey: `6L${derive(secret, 'site-key').slice(0, 38)}`, secretKey: `6L${derive(secret, 'secret-key').slice(0, 38)}` };
}

function sign(payload: string, secret: string): string {
  return createHmac('sha256', derive(secret, 'token-signing')).update(payload).digest('base64url');
}

/** A signed token for `action` on `hostname`, good for TOKEN_LIFETIME_MS. */
export function issueToken(secret: string, claims: Pick<TokenClaims, 'siteKey' | 'action' | 'hostname'>, now: Date): string {
  const full: TokenClaims = { ...claims, jti: randomUUID(), iat: now.getTime(), exp: now.getTime() + TOKEN_LIFETIME_MS };
  const payload = Buffer.from(JSON.stringify(full)).toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

/** The claims of a token this sandbox signed, or undefined for anything else. */
export function readToken(secret: string, token: string): TokenClaims | undefined {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenClaims;
  } catch {
    return undefined;
  }
}
