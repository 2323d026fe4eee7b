import { describe, expect, it } from 'vitest';
import { pooledRandomBytes } from '../../../src/server/services/random-pool';

/** The pool that access keys are cut from (src/server/services/random-pool.ts). */
describe('pooledRandomBytes', () => {
  it('hands out distinct slices of the asked size across many refills of the pool, none wiped', () => {
    const keys = Array.from({ length: 1_000 }, () => pooledRandomBytes(32));
    expect(keys.every((key) => key.length === 32)).toBe(true);
    expect(new Set(keys.map((key) => key.toString('hex'))).size).toBe(1_000);
    // A slice wiped in the pool before (or while) it was copied would read as zeros.
    expect(keys.some((key) => key.every((byte) => byte === 0))).toBe(false);
    // 32,000 bytes: every byte value turns up (≈ 125 times each).
    expect(new Set(keys.flatMap((key) => [...key])).size).toBe(256);
  });

  it('returns a copy: later draws and refills leave a key as it was handed out', () => {
    const key = pooledRandomBytes(32);
    const asHandedOut = key.toString('hex');
    for (let i = 0; i < 300; i++) pooledRandomBytes(32);
    expect(key.toString('hex')).toBe(asHandedOut);
  });

  it('serves sizes larger than a slice of the pool straight from the generator', () => {
    const big = pooledRandomBytes(10_000);
    expect(big.length).toBe(10_000);
    expect(new Set(big).size).toBe(256);
  });
});
