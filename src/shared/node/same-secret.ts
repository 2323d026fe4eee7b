import { timingSafeEqual } from 'node:crypto';

/**
 * Whether a secret someone sent equals the one we hold, in time that does not depend on
 * where they differ (tokens, signatures, access codes). Unequal lengths answer at once:
 * the length of a secret we issue is no secret.
 */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
