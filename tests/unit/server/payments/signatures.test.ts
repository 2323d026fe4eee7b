import { describe, expect, it } from 'vitest';
import { fresh, WEBHOOK_FUTURE_SKEW_SECONDS } from '../../../../src/shared/node/webhook-signatures';

describe('fresh (signed webhook timestamps)', () => {
  const now = new Date('2026-11-23T00:00:00Z');
  const at = (seconds: number) => now.getTime() + seconds * 1000;
  it('accepts up to the tolerance in the past and a small drift into the future', () => {
    expect(fresh(at(-300), now, 300)).toBe(true);
    expect(fresh(at(0), now, 300)).toBe(true);
    expect(fresh(at(WEBHOOK_FUTURE_SKEW_SECONDS), now, 300)).toBe(true);
  });
  it('refuses older than the tolerance, further ahead than the skew, and garbage', () => {
    expect(fresh(at(-301), now, 300)).toBe(false);
    expect(fresh(at(WEBHOOK_FUTURE_SKEW_SECONDS + 1), now, 300)).toBe(false);
    expect(fresh(at(300), now, 300)).toBe(false);
    expect(fresh(Number.NaN, now, 300)).toBe(false);
  });
});
