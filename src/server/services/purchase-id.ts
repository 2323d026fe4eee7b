import { pooledRandomBytes } from './random-pool';

/**
 * A new purchase's id: a UUID version 7 (RFC 9562), the creation time in milliseconds followed
 * by 74 random bits. The id is a reference, not a secret (the access key is), so showing when the
 * purchase was made costs nothing, and the time first keeps the index entries of new purchases
 * together: the purchase's own key and the purchase id of its lines and access keys go to the end
 * of their indexes, so purchases committed together share those pages instead of each writing a
 * page of its own at a random place (docs/decisions/012-on-sale-holds.md, eighth pass).
 */
export function newPurchaseId(now: number): string {
  const bytes = pooledRandomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | (bytes[6] & 0x0f);
  bytes[8] = 0x80 | (bytes[8] & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
