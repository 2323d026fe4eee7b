import { describe, expect, it } from 'vitest';
import { createHttpApiClient } from '../../../../src/client/api/createHttpApiClient';
import { adoptThankYouLink, readPaymentResult } from '../../../../src/client/payments/paymentResult';
import { memoryStorage } from '../../../../src/client/stores/ports';
import { purchaseKeyFor, rememberPurchaseKey } from '../../../../src/client/stores/purchaseKeys';

function recordingFetch() {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ url, headers: init.headers as Record<string, string> });
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { fetchImpl, calls };
}

describe('purchase access keys in the storefront', () => {
  it('keeps each purchase\'s key; null asks for the newest; old ones drop out', () => {
    const storage = memoryStorage();
    expect(purchaseKeyFor(storage, null)).toBeNull();
    rememberPurchaseKey(storage, 'p1', 'k1');
    rememberPurchaseKey(storage, 'p2', 'k2');
    expect(purchaseKeyFor(storage, 'p1')).toBe('k1');
    expect(purchaseKeyFor(storage, null)).toBe('k2');
    for (let i = 3; i <= 7; i += 1) rememberPurchaseKey(storage, `p${i}`, `k${i}`);
    expect(purchaseKeyFor(storage, 'p1')).toBeNull();
    expect(purchaseKeyFor(storage, 'p7')).toBe('k7');
  });

  it('sends the key as X-Purchase-Key on the calls about a purchase, and on no other', async () => {
    const storage = memoryStorage();
    rememberPurchaseKey(storage, 'p1', 'k1');
    rememberPurchaseKey(storage, 'p2', 'k2');
    const { fetchImpl, calls } = recordingFetch();
    const api = createHttpApiClient({ fetchImpl, purchaseKey: (id) => purchaseKeyFor(storage, id) });
    await api.getPurchase('p1');
    await api.loaderProcess('paypal', { token: 'ORDER' });
    await api.loaderProcess('fintoc', { purchase_id: 'p1' });
    await api.getWalletEmissions('e', 'p1');
    await api.getWalletUrl({ emission_id: 't', purchase_id: 'p1' });
    await api.getEvent('demo');
    expect(calls.map((call) => call.headers['X-Purchase-Key'] ?? null)).toEqual(['k1', 'k2', 'k1', 'k1', 'k1', null]);
  });

  it('sends the key of the purchase being changed (not the newest) on every call that changes one', async () => {
    const storage = memoryStorage();
    rememberPurchaseKey(storage, 'p1', 'k1');
    rememberPurchaseKey(storage, 'p2', 'k2');
    const { fetchImpl, calls } = recordingFetch();
    const api = createHttpApiClient({ fetchImpl, purchaseKey: (id) => purchaseKeyFor(storage, id) });
    const buyer = { name: 'Ana', email: 'ana@example.mx', phone: '5512345678' };
    await api.updateProducts('p1', []);
    await api.createPreference({ purchase_id: 'p1', buyer_info: buyer, lang: 'es' });
    await api.createPaypalOrder({ purchase_id: 'p1', lang: 'es' });
    await api.createFintocSession({ purchase_id: 'p1', buyer_info: buyer, lang: 'es' });
    await api.verifyFree({ purchase_id: 'p1', buyer_info: buyer, token: 't', lang: 'es' });
    await api.addInfo('p1', { 1: [{ nombre: 'Ana' }] });
    expect(calls.map((call) => `${call.url} ${call.headers['X-Purchase-Key'] ?? null}`)).toEqual([
      '/api/payments/update-productos-purchase k1',
      '/api/payments/mercadopago/create-preference k1',
      '/api/payments/paypal/create-order k1',
      '/api/payments/fintoc/create-session k1',
      '/api/payments/free/verify-free k1',
      '/api/payments/add-info-purchase k1',
    ]);
  });

  it('takes the e-mail link\'s key and purchase, then removes them from the address bar', () => {
    const storage = memoryStorage();
    const replaced: string[] = [];
    const win = {
      location: { hash: '#purchase_id=p9&key=abc_-1', pathname: '/demo/payment-status', search: '' },
      history: { state: null, replaceState: (_state: unknown, _title: string, url: string) => void replaced.push(url) },
    } as unknown as Pick<Window, 'location' | 'history'>;
    expect(adoptThankYouLink(storage, 'demo', win)).toBe(true);
    expect(purchaseKeyFor(storage, 'p9')).toBe('abc_-1');
    expect(readPaymentResult(storage, 'demo')).toEqual({ url: 'demo', purchase_id: 'p9' });
    expect(replaced).toEqual(['/demo/payment-status']);
    const plain = { ...win, location: { ...win.location, hash: '#main' } } as Pick<Window, 'location' | 'history'>;
    expect(adoptThankYouLink(memoryStorage(), 'demo', plain)).toBe(false);
  });
});
