import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body } from '../support/test-app';
import { longestStallDuring } from '../support/event-loop-stall';
import { skipDatabase } from '../support/test-database';
import { buyer, createPaymentsApp, type PaymentsTestApp } from './payments/helpers';

/** An object of `count` made-up keys, each with a short string. */
function manyKeys(count: number): Record<string, string> {
  const object: Record<string, string> = {};
  for (let i = 0; i < count; i++) object[`k${i}`] = 'x';
  return object;
}

/** `{ a: { a: … { a: 'x' } } }`, `depth` objects deep. */
function nested(depth: number): Record<string, unknown> {
  let node: Record<string, unknown> = { a: 'x' };
  for (let i = 1; i < depth; i++) node = { a: node };
  return node;
}

/**
 * A body of any shape is judged in bounded time: structural problems (too many keys, too deep)
 * are refused before the per-field checks. The longest stall of the event loop while the
 * request is served is measured (it was 7–15 s for these bodies).
 */
describe.skipIf(skipDatabase)('request bodies of any shape are refused in bounded time', () => {
  let t: PaymentsTestApp;

  /** Serves one request (a JSON body sent as text, as a client would) and measures the event loop's longest stall meanwhile. */
  async function timed(method: 'PUT' | 'POST', url: string, payload: unknown, headers: Record<string, string> = {}) {
    const text = JSON.stringify(payload);
    const { result: res, stallMs } = await longestStallDuring(() =>
      t.app.inject({ method, url, payload: text, headers: { 'content-type': 'application/json', ...headers } }),
    );
    return { res, maxDelayMs: stallMs, bytes: text.length };
  }

  const expectRefused = ({ res, maxDelayMs }: { res: { statusCode: number; body: string }; maxDelayMs: number }, code: string) => {
    // Before the bounds these bodies held the loop 7–60 s; the bound is loose because a loaded CI
    // machine's own garbage collection and JSON.parse of a 1 MiB body already take a few hundred ms.
    expect(maxDelayMs, 'the longest stall of the event loop, in ms').toBeLessThan(3000);
    expect(res.statusCode).toBe(400);
    expect(body(res as never)).toMatchObject({ code, mensaje: expect.stringMatching(/\S/) });
  };

  beforeAll(async () => {
    t = await createPaymentsApp();
  });
  afterAll(() => t.close());

  it('an attendee block of 80,000 keys (about 1 MiB, with the buyer\'s own key): 400 BODY_TOO_COMPLEX', async () => {
    const id = await t.purchase([{ ticket_id: 1, cantidad: 1 }]);
    const block = { nombre: 'Ana', correo: 'ana@example.mx', ...manyKeys(80_000) };
    const sent = await timed('PUT', '/api/payments/add-info-purchase', { purchase_id: id, form: { 1: [block] } }, t.keyed(id));
    expect(sent.bytes).toBeGreaterThan(800_000);
    expectRefused(sent, 'BODY_TOO_COMPLEX');
  });

  it('60,000 extra keys in buyer_info on MercadoPago process-payment and create-preference: 400 BODY_TOO_COMPLEX', async () => {
    const id = await t.purchase([{ ticket_id: 2, cantidad: 1 }]);
    const buyerInfo = { ...buyer(), ...manyKeys(60_000) };
    const card = { purchase_id: id, token: 'abc', installments: 1, paymentMethodId: 'master', email: 'ana@example.mx', buyer_info: buyerInfo };
    expectRefused(await timed('POST', '/api/payments/mercadopago/process-payment', card, t.keyed(id)), 'BODY_TOO_COMPLEX');
    expectRefused(await timed('POST', '/api/payments/mercadopago/create-preference', { purchase_id: id, buyer_info: buyerInfo }, t.keyed(id)), 'BODY_TOO_COMPLEX');
  });

  it('buyer_info nested 3,000 deep on MercadoPago and Openpay process-payment (no key): 400 BODY_TOO_COMPLEX, not a 500', async () => {
    const deep = nested(3000);
    const card = { purchase_id: 'p', token: 'abc', installments: 1, paymentMethodId: 'master', email: 'ana@example.mx', buyer_info: deep };
    expectRefused(await timed('POST', '/api/payments/mercadopago/process-payment', card), 'BODY_TOO_COMPLEX');
    const openpay = { purchase_id: 'p', token: 'abc', device_session_id: 'abc', buyer_info: deep };
    expectRefused(await timed('POST', '/api/payments/open-pay/process-payment', openpay), 'BODY_TOO_COMPLEX');
  });

  it('80 ticket lines of 1,000 unknown keys each (within the bounds) on new-purchase: the first unknown key only, not 80,000 errors', async () => {
    const lines = Array.from({ length: 80 }, () => manyKeys(1000));
    const sent = await timed('POST', '/api/payments/new-purchase', { url: 'pagos-api', token: 'x', tickets: lines });
    expectRefused(sent, 'VALIDATION_ERROR');
    expect(body(sent.res).errors).toHaveLength(1);
    const unknownKey = await timed('POST', '/api/payments/new-purchase', { url: 'pagos-api', token: 'x', tickets: [{ ticket_id: 1, cantidad: 1, ...manyKeys(900) }] });
    expectRefused(unknownKey, 'VALIDATION_ERROR');
    expect(body(unknownKey.res).errors).toEqual([{ path: '/tickets/0', message: 'El campo «tickets[0].k0» no está permitido.' }]);
  });

  it('a block of sane shape still gets every per-field error; one with more keys than fields, its first unknown key', async () => {
    const id = await t.purchase([{ ticket_id: 1, cantidad: 1 }]);
    const errorsOf = async (block: Record<string, unknown>) => {
      const { res } = await timed('PUT', '/api/payments/add-info-purchase', { purchase_id: id, form: { 1: [block] } }, t.keyed(id));
      expect(res.statusCode).toBe(400);
      expect(body(res).code).toBe('FORM_INVALID');
      return Object.fromEntries((body(res).errors as { path: string; message: string }[]).map((e) => [e.path, e.message]));
    };
    expect(await errorsOf({ nombre: '', correo: 'no-es-correo' })).toEqual({ '/1/0/nombre': 'errors:attendee.required', '/1/0/correo': 'errors:attendee.email' });
    expect(await errorsOf({ nombre: '', extra: 'x' })).toEqual({ '/1/0/nombre': 'errors:attendee.required', '/1/0/correo': 'errors:attendee.required', '/1/0/extra': 'errors:attendee.invalid' });
    expect(await errorsOf({ nombre: '', correo: 'ana@example.mx', extra: 'x', otra: 'y' })).toEqual({ '/1/0/extra': 'errors:attendee.invalid' });
  });
});
