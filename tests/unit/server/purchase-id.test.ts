import { validate, version } from 'uuid';
import { describe, expect, it } from 'vitest';
import { newPurchaseId } from '../../../src/server/services/purchase-id';

/** A purchase's id (src/server/services/purchase-id.ts): a UUID version 7, its time first. */
describe('newPurchaseId', () => {
  const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('is a UUID version 7 whose first 48 bits are the creation time in milliseconds', () => {
    const at = Date.parse('2026-11-24T05:00:00.123Z');
    const id = newPurchaseId(at);
    expect(id).toMatch(UUID_V7);
    expect(validate(id) && version(id)).toBe(7);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
  });

  it('sorts by creation time, and ids of the same millisecond still differ', () => {
    const at = Date.parse('2026-11-24T05:00:00.000Z');
    const sameMs = Array.from({ length: 1_000 }, () => newPurchaseId(at));
    expect(new Set(sameMs).size).toBe(1_000);
    expect(sameMs.every((id) => UUID_V7.test(id))).toBe(true);
    const later = newPurchaseId(at + 1);
    expect(sameMs.every((id) => id < later)).toBe(true);
    // 73 random bits per id (uuid's v7 takes 31 of them for its counter field, its top bit zero): across 1,000 ids every hex digit turns up in the random part.
    expect(new Set(sameMs.flatMap((id) => [...id.replace(/-/g, '').slice(13)])).size).toBe(16);
  });
});
