import { randomBytes, randomFillSync } from 'node:crypto';

/**
 * Cryptographically random bytes for keys, cut from a pool refilled 4 KiB at a time. Each
 * `crypto.randomBytes` call is a trip into OpenSSL's generator that cost 14 µs in the server's
 * profile and 40–50 µs in a loop on the dev VM, against 1 µs for a slice of the pool: a purchase
 * makes one access key, so it was 3–4 % of its CPU (docs/decisions/012-on-sale-holds.md). Node's
 * own `randomUUID` pools the same way. The bytes come from the same generator; a slice is wiped
 * from the pool as it is handed out, so the pool never holds a key already given.
 */
const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let offset = POOL_BYTES;

export function pooledRandomBytes(size: number): Buffer {
  if (size > POOL_BYTES / 8) return randomBytes(size);
  if (offset + size > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const bytes = Buffer.from(pool.subarray(offset, offset + size));
  pool.fill(0, offset, offset + size);
  offset += size;
  return bytes;
}
