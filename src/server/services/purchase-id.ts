import { v7 as uuidV7 } from 'uuid';
import { pooledRandomBytes } from './random-pool';

/**
 * A new purchase's id: a UUID version 7 (RFC 9562, `uuid`'s v7), the creation time `now` in
 * milliseconds followed by random bits (the random bytes from the pool, not a call into the
 * generator per id). The id is a reference, not a secret (the access key is), so showing when the
 * purchase was made costs nothing, and the time first keeps the index entries of new purchases
 * together: the purchase's own key and the purchase id of its lines and access keys go to the end
 * of their indexes, so purchases committed together share those pages instead of each writing a
 * page of its own at a random place (docs/decisions/012-on-sale-holds.md, eighth pass).
 */
export function newPurchaseId(now: number): string {
  return uuidV7({ msecs: now, random: pooledRandomBytes(16) });
}
