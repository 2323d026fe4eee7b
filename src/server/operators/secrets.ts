import { createHash, createHmac, randomBytes } from 'node:crypto';
import argon2 from 'argon2';

/** A fresh random secret for a link or a cookie (256 bits, base64url). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a link token or session id: its SHA-256 (a leaked table opens nothing). */
export function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

/**
 * The CSRF token of a session: derived from the session's own secret (the HttpOnly cookie), so it
 * needs no storage, and a page of another origin, which can neither read the cookie nor the answer
 * that carried the token, cannot make it (docs/decisions/023-operator-sessions.md).
 */
export function csrfTokenOf(sessionSecret: string): string {
  return createHmac('sha256', sessionSecret).update('csrf').digest('base64url');
}

/** Argon2id with the library's defaults (memory-hard; its parameters are kept in the hash). */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against an operator's hash; with none (unknown e-mail, no password set yet) it
 * checks against a dummy hash, so both cases take the same time and answer the same.
 */
export async function passwordMatches(hash: string | null, password: string): Promise<boolean> {
  if (hash === null) {
    dummyHash ??= hashPassword(newSecret());
    await argon2.verify(await dummyHash, password);
    return false;
  }
  return argon2.verify(hash, password);
}
