import { describe, expect, it } from 'vitest';
import { ApiError, isHandledGlobally, serverMessage } from '../../../../src/client/api/ApiError';
import { createHttpApiClient, type HttpProblem } from '../../../../src/client/api/createHttpApiClient';

function fakeFetch(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { fetchImpl, calls };
}

describe('createHttpApiClient', () => {
  it('calls the API paths with JSON bodies', async () => {
    const { fetchImpl, calls } = fakeFetch(200, { ok: true });
    const api = createHttpApiClient({ fetchImpl });
    await api.getEvent('demo', '4', 'codigo de acceso');
    await api.getEvent('demo');
    await api.newPurchase({ code: null, url: 'demo', tickets: [{ ticket_id: 1, cantidad: 2 }], identificador: null, token: 't' });
    await api.verifyDiscount({ code: 'DEMO10', url: 'demo', tickets: [] });
    await api.updateProducts('p-1', [{ id: 1, cantidad: 1, opciones: { talla: 'M' } }]);
    await api.getPurchase('p 1');
    expect(calls.map((call) => `${call.init.method} ${call.url}`)).toEqual([
      'GET /api/event/demo?ticket=4&access=codigo+de+acceso',
      'GET /api/event/demo',
      'POST /api/payments/new-purchase',
      'POST /api/payments/verify-discount',
      'PUT /api/payments/update-productos-purchase',
      'GET /api/payments/purchase/p%201',
    ]);
    expect(JSON.parse(calls[4].init.body as string)).toEqual({ purchase_id: 'p-1', productos: [{ id: 1, cantidad: 1, opciones: { talla: 'M' } }] });
  });

  it('turns 4xx into ApiError with the server mensaje and code, and reports 401/429', async () => {
    const problems: HttpProblem[] = [];
    for (const [status, problem] of [[401, 'unauthorized'], [429, 'tooManyRequests']] as const) {
      const { fetchImpl } = fakeFetch(status, { mensaje: 'nope', code: 'X' });
      const error = await createHttpApiClient({ fetchImpl, onProblem: (p) => problems.push(p) }).getConfig().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(isHandledGlobally(error)).toBe(true);
      expect(problems.at(-1)).toBe(problem);
    }
    const { fetchImpl } = fakeFetch(409, { mensaje: 'Agotado', code: 'SOLD_OUT' });
    const error = (await createHttpApiClient({ fetchImpl, onProblem: (p) => problems.push(p) }).getConfig().catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 409, mensaje: 'Agotado', code: 'SOLD_OUT' });
    expect(serverMessage(error)).toBe('Agotado');
    expect(isHandledGlobally(error)).toBe(false);
    expect(problems).toHaveLength(2);
  });

  it('copes with a non-JSON error body and with a network failure', async () => {
    const { fetchImpl } = fakeFetch(502, 'Bad gateway');
    const error = (await createHttpApiClient({ fetchImpl }).getConfig().catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 502, mensaje: undefined });
    expect(serverMessage(error)).toBeUndefined();
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await createHttpApiClient({ fetchImpl: offline }).getConfig().catch((e: unknown) => e)).toMatchObject({ status: 0 });
  });
});
