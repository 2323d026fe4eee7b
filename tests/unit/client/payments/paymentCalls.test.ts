import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/client/api/ApiError';
import { createHttpApiClient } from '../../../../src/client/api/createHttpApiClient';

function fakeFetch(respond: (url: string) => Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return respond(url);
  }) as unknown as typeof fetch;
  return { fetchImpl, calls };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const buyer = { name: 'Ana', email: 'ana@example.mx', phone: '5512345678' };

describe('payment and emission calls', () => {
  it('use the API paths and bodies', async () => {
    const { fetchImpl, calls } = fakeFetch(() => json(200, {}));
    const api = createHttpApiClient({ fetchImpl });
    await api.createPreference({ purchase_id: 'p', buyer_info: buyer, lang: 'es' });
    await api.createPaypalOrder({ purchase_id: 'p', lang: 'en' });
    await api.createFintocSession({ purchase_id: 'p', buyer_info: buyer, lang: 'es' });
    await api.verifyFree({ purchase_id: 'p', buyer_info: buyer, token: 't', lang: 'es' });
    await api.loaderProcess('mercadopago-supertoken', { payment_id: '1' });
    await api.getWalletEmissions('e 1', 'p&1');
    await api.getWalletUrl({ emission_id: 't-1', purchase_id: 'p' });
    expect(calls.map((call) => `${call.init.method} ${call.url}`)).toEqual([
      'POST /api/payments/mercadopago/create-preference',
      'POST /api/payments/paypal/create-order',
      'POST /api/payments/fintoc/create-session',
      'POST /api/payments/free/verify-free',
      'POST /api/payments/mercadopago-supertoken/loader-process',
      'GET /api/emissions/obtener/wallet?emission_id=e+1&purchase_id=p%261',
      'POST /api/emissions/download/wallet',
    ]);
    expect(JSON.parse(calls[3].init.body as string)).toEqual({ purchase_id: 'p', buyer_info: buyer, token: 't', lang: 'es' });
  });

  it('downloads the tickets as a blob (asking for a PDF)', async () => {
    const { fetchImpl, calls } = fakeFetch(() => new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { status: 200, headers: { 'content-type': 'application/pdf' } }));
    const pdf = await createHttpApiClient({ fetchImpl }).downloadTickets('e-1', 'p-1');
    expect(calls[0].url).toBe('/api/emissions/download/all?emission_id=e-1&purchase_id=p-1');
    expect((calls[0].init.headers as Record<string, string>).accept).toBe('application/pdf');
    expect(new TextDecoder().decode(await pdf.arrayBuffer())).toBe('%PDF');
  });

  it('a refused download or a FORM_INVALID answer rejects with an ApiError carrying the field errors', async () => {
    const invalid = { mensaje: 'Algún campo tiene error, verifica.', code: 'FORM_INVALID', errors: [{ path: '/buyer_info/phone', message: 'errors:buyer.phoneDigits' }, { nope: 1 }] };
    const { fetchImpl } = fakeFetch((url) => (url.includes('download') ? json(404, { mensaje: 'No encontramos los boletos de esta compra.', code: 'EMISSION_NOT_FOUND' }) : json(400, invalid)));
    const api = createHttpApiClient({ fetchImpl });
    await expect(api.downloadTickets('e', 'p')).rejects.toMatchObject({ status: 404, code: 'EMISSION_NOT_FOUND', validationErrors: [] });
    const error = await api.createFintocSession({ purchase_id: 'p', buyer_info: buyer, lang: 'es' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'FORM_INVALID', validationErrors: [{ path: '/buyer_info/phone', message: 'errors:buyer.phoneDigits' }] });
  });
});
