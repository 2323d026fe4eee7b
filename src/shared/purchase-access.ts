/**
 * How a buyer proves a purchase is theirs. The purchase id is only a reference (printed
 * on the PDF, said to support); the access key the server gives the buyer's browser with
 * the purchase, or puts in the tickets e-mail's link, is what opens the purchase.
 */

/** The request header that carries a purchase's access key. */
export const PURCHASE_KEY_HEADER = 'X-Purchase-Key';

/**
 * The fragment of the e-mail's link to the thank-you page. A fragment, not a query: the
 * browser never sends it to a server, so the key stays out of access logs and Referer headers.
 */
export function thankYouFragment(purchaseId: string, key: string): string {
  return new URLSearchParams({ purchase_id: purchaseId, key }).toString();
}

/** The purchase id and key of a thank-you link's fragment (`#purchase_id=…&key=…`), when it carries both. */
export function readThankYouFragment(hash: string): { purchaseId: string; key: string } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const purchaseId = params.get('purchase_id');
  const key = params.get('key');
  return purchaseId && key ? { purchaseId, key } : null;
}
