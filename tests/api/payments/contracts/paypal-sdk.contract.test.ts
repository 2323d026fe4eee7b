import {
  CaptureStatus, CheckoutPaymentIntent, Client, CustomError, Environment, OAuthAuthorizationController, OrdersController, OrderStatus, PaymentsController,
} from '@paypal/paypal-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipDatabase } from '../../../support/test-database';
import { createPaymentsApp, eventually, type PaymentsTestApp } from '../helpers';

/** PayPal's payer ids: 13 characters, digits 2-9 and capitals without I and O. */
const PAYER_ID = /^[2-9A-HJ-NP-Z]{13}$/;
/** Order, capture and refund ids: 17 capitals and digits. */
const PAYPAL_ID = /^[A-Z0-9]{17}$/;

/** The base URL PayPal's SDK has compiled in for Environment.Sandbox. */
const PAYPAL_SANDBOX = 'https://api-m.sandbox.paypal.com';

/**
 * PayPal's official Node SDK aimed at our sandbox. The SDK offers no custom base URL
 * (its environments are Production and Sandbox, with their hosts compiled in), so this
 * subclass adds one request interceptor — the SDK's own `interceptRequest` hook — that
 * swaps the host. Everything else (OAuth, serialisation, parsing, error types) is the SDK's.
 */
class SandboxPayPalClient extends Client {
  constructor(private readonly apiBase: string, config: ConstructorParameters<typeof Client>[0]) {
    super(config);
  }

  override getRequestBuilderFactory(): ReturnType<Client['getRequestBuilderFactory']> {
    const factory = super.getRequestBuilderFactory();
    return (...args) => {
      const builder = factory(...args);
      builder.interceptRequest((request) => ({ ...request, url: request.url.replace(PAYPAL_SANDBOX, this.apiBase) }));
      return builder;
    };
  }
}

describe.skipIf(skipDatabase)('PayPal sandbox driven by the official @paypal/paypal-server-sdk', () => {
  let t: PaymentsTestApp;
  let client: SandboxPayPalClient;
  let orders: OrdersController;
  let payments: PaymentsController;

  beforeAll(async () => {
    t = await createPaymentsApp();
    client = new SandboxPayPalClient(`${t.baseUrl}/sandbox/paypal/api`, {
      environment: Environment.Sandbox,
      clientCredentialsAuthCredentials: { oAuthClientId: t.sandbox.paypal.clientId, oAuthClientSecret: t.sandbox.paypal.clientSecret },
      timeout: 15_000,
    });
    orders = new OrdersController(client);
    payments = new PaymentsController(client);
  });
  afterAll(async () => {
    await t.close();
  });

  it('gets an OAuth token with the sandbox client credentials, and the SDK reads a refused one as its OAuth error', async () => {
    const token = await client.clientCredentialsAuthManager.fetchToken();
    expect(token.accessToken).toMatch(/^A21AASBX/);
    expect(token.tokenType).toBe('Bearer');

    const stranger = new SandboxPayPalClient(`${t.baseUrl}/sandbox/paypal/api`, {
      environment: Environment.Sandbox,
      clientCredentialsAuthCredentials: { oAuthClientId: 'SBXnobody', oAuthClientSecret: 'wrong' },
    });
    const refused = await new OAuthAuthorizationController(stranger).requestToken({ authorization: `Basic ${Buffer.from('SBXnobody:wrong').toString('base64')}` }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ statusCode: 401, result: { error: 'invalid_client', error_description: 'Client Authentication failed' } });
  });

  it('creates, reads, refuses to capture before approval (422 ORDER_NOT_APPROVED), then captures without a body', async () => {
    const created = await orders.createOrder({
      body: { intent: CheckoutPaymentIntent.Capture, purchaseUnits: [{ referenceId: 'sdk-1', customId: 'sdk-attempt-1', amount: { currencyCode: 'MXN', value: '250.00' } }] },
      prefer: 'return=representation',
      paypalRequestId: `sdk-${Date.now()}`,
    });
    expect(created.statusCode).toBe(201);
    const order = created.result;
    expect(order.status).toBe(OrderStatus.Created);
    expect(order.links?.map((l) => l.rel)).toEqual(['self', 'approve', 'update', 'capture']);

    const read = await orders.getOrder({ id: order.id! });
    expect(read.result).toMatchObject({ id: order.id, status: OrderStatus.Created, intent: CheckoutPaymentIntent.Capture });

    // No body at all, as PayPal allows on capture: the sandbox must answer like PayPal, not with our own error format.
    const early = await orders.captureOrder({ id: order.id! }).catch((e: unknown) => e);
    expect(early).toBeInstanceOf(CustomError);
    const error = early as CustomError;
    expect(error.statusCode).toBe(422);
    expect(error.result).toMatchObject({ name: 'UNPROCESSABLE_ENTITY', debug_id: expect.any(String), details: [{ issue: 'ORDER_NOT_APPROVED', description: expect.any(String) }] });
    expect(error.result?.links?.[0]).toMatchObject({ rel: 'information_link' });
    expect(JSON.parse(String(error.body))).not.toHaveProperty('mensaje');

    // The buyer approves on the sandbox's approval page (the link the order gave).
    const approve = new URL(order.links!.find((l) => l.rel === 'approve')!.href, t.baseUrl);
    const approvalPage = await t.app.inject({ method: 'GET', url: `${approve.pathname}${approve.search}` });
    expect(approvalPage.statusCode).toBe(200);
    expect(approvalPage.body).toContain(`/sandbox/paypal/checkoutnow/${order.id}/approve`);
    const approved = await t.app.inject({ method: 'POST', url: `/sandbox/paypal/checkoutnow/${order.id}/approve`, payload: 'email=comprador%40example.mx', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(approved.statusCode).toBe(303);

    // The store is another client of the same merchant account and hears CHECKOUT.ORDER.APPROVED,
    // but it never started this order: it must not read it (reading captures), even when its
    // loader is handed the order id. The order stays APPROVED for its own client to capture.
    await eventually(async () => (await t.rows('webhook_inbox', 'resource_id', order.id)).some((row) => row.status !== 'received'));
    const storeLoader = await t.app.inject({ method: 'POST', url: '/api/payments/paypal/loader-process', payload: { token: order.id } });
    expect(storeLoader.statusCode).toBe(404);
    expect((await orders.getOrder({ id: order.id! })).result.status).toBe(OrderStatus.Approved);

    const captured = await orders.captureOrder({ id: order.id!, paypalRequestId: `sdk-capture-${order.id}`, prefer: 'return=representation' });
    expect(captured.statusCode).toBe(201);
    expect(captured.result.status).toBe(OrderStatus.Completed);
    expect(captured.result.purchaseUnits?.[0].payments?.captures?.[0]).toMatchObject({ status: 'COMPLETED', amount: { currencyCode: 'MXN', value: '250.00' } });

    const replay = await orders.captureOrder({ id: order.id!, paypalRequestId: `sdk-capture-${order.id}` });
    expect(replay.result.purchaseUnits?.[0].payments?.captures?.map((c) => c.id)).toEqual(captured.result.purchaseUnits?.[0].payments?.captures?.map((c) => c.id));

    const again = await orders.captureOrder({ id: order.id! }).catch((e: unknown) => e);
    expect(again).toMatchObject({ statusCode: 422, result: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] } });
  });

  /** A 250.00 MXN order approved on the sandbox's page and captured through the SDK. */
  async function capturedOrder(reference: string) {
    const created = await orders.createOrder({
      body: { intent: CheckoutPaymentIntent.Capture, purchaseUnits: [{ referenceId: reference, amount: { currencyCode: 'MXN', value: '250.00' } }] },
      prefer: 'return=representation',
    });
    const id = created.result.id!;
    const approved = await t.app.inject({ method: 'POST', url: `/sandbox/paypal/checkoutnow/${id}/approve`, payload: 'email=comprador%40example.mx', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(approved.statusCode).toBe(303);
    const captured = await orders.captureOrder({ id, paypalRequestId: `sdk-capture-${id}`, prefer: 'return=representation' });
    return { created: created.result, approvedLocation: String(approved.headers.location), captured: captured.result };
  }

  it('lists each state\'s links as PayPal does (CREATED: self, approve, update, capture; APPROVED: self, update, capture; COMPLETED: self) and mints ids in PayPal\'s alphabets', async () => {
    const created = await orders.createOrder({
      body: { intent: CheckoutPaymentIntent.Capture, purchaseUnits: [{ referenceId: 'sdk-links', amount: { currencyCode: 'MXN', value: '250.00' } }], applicationContext: { returnUrl: 'https://tienda.example.mx/vuelta' } },
      prefer: 'return=representation',
    });
    const id = created.result.id!;
    expect(id).toMatch(PAYPAL_ID);
    const rels = (links: { rel: string; method?: string }[] | undefined) => links?.map((l) => `${l.method} ${l.rel}`);
    expect(rels(created.result.links)).toEqual(['GET self', 'GET approve', 'PATCH update', 'POST capture']);

    const approved = await t.app.inject({ method: 'POST', url: `/sandbox/paypal/checkoutnow/${id}/approve`, payload: 'email=comprador%40example.mx', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const payerIdBack = new URL(String(approved.headers.location), t.baseUrl).searchParams.get('PayerID');
    const read = (await orders.getOrder({ id })).result;
    expect(read.status).toBe(OrderStatus.Approved);
    expect(rels(read.links)).toEqual(['GET self', 'PATCH update', 'POST capture']);
    expect(read.payer?.payerId).toMatch(PAYER_ID);
    expect(payerIdBack).toBe(read.payer?.payerId);

    const captured = (await orders.captureOrder({ id, prefer: 'return=representation' })).result;
    expect(captured.status).toBe(OrderStatus.Completed);
    expect(rels(captured.links)).toEqual(['GET self']);
    expect(rels((await orders.getOrder({ id })).result.links)).toEqual(['GET self']);
    const capture = captured.purchaseUnits![0].payments!.captures![0];
    expect(capture.id).toMatch(PAYPAL_ID);
    expect(rels(capture.links)).toEqual(['GET self', 'POST refund', 'GET up']);
    expect(capture.links![2].href).toMatch(new RegExp(`/v2/checkout/orders/${id}$`));
  });

  it('gives every approving payer an id in PayPal\'s payer-id alphabet', async () => {
    const payerIds: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const created = await orders.createOrder({ body: { intent: CheckoutPaymentIntent.Capture, purchaseUnits: [{ amount: { currencyCode: 'MXN', value: '10.00' } }], applicationContext: { returnUrl: 'https://tienda.example.mx/vuelta' } } });
      const approved = await t.app.inject({ method: 'POST', url: `/sandbox/paypal/checkoutnow/${created.result.id}/approve`, payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      payerIds.push((await orders.getOrder({ id: created.result.id! })).result.payer!.payerId!);
      expect(new URL(String(approved.headers.location), t.baseUrl).searchParams.get('PayerID')).toBe(payerIds[i]);
    }
    expect(payerIds.filter((id) => !PAYER_ID.test(id))).toEqual([]);
  });

  it('refunds part of a capture (PARTIALLY_REFUNDED, total_refunded_amount), refuses more than remains (422 REFUND_AMOUNT_EXCEEDED), then refunds the rest (REFUNDED)', async () => {
    const { created, captured } = await capturedOrder('sdk-partial');
    const captureId = captured.purchaseUnits![0].payments!.captures![0].id!;

    const first = await payments.refundCapturedPayment({ captureId, body: { amount: { currencyCode: 'MXN', value: '100.00' } }, paypalRequestId: `sdk-refund-1-${captureId}`, prefer: 'return=representation' });
    expect(first.statusCode).toBe(201);
    expect(first.result).toMatchObject({
      status: 'COMPLETED', amount: { currencyCode: 'MXN', value: '100.00' },
      sellerPayableBreakdown: { grossAmount: { currencyCode: 'MXN', value: '100.00' }, totalRefundedAmount: { currencyCode: 'MXN', value: '100.00' } },
    });
    expect(first.result.id).toMatch(PAYPAL_ID);
    expect(first.result.links?.map((l) => l.rel)).toEqual(['self', 'up']);
    expect(first.result.links![1].href).toMatch(new RegExp(`/v2/payments/captures/${captureId}$`));
    // The same PayPal-Request-Id is the same refund.
    const replay = await payments.refundCapturedPayment({ captureId, body: { amount: { currencyCode: 'MXN', value: '100.00' } }, paypalRequestId: `sdk-refund-1-${captureId}` });
    expect(replay.result.id).toBe(first.result.id);

    expect((await payments.getCapturedPayment({ captureId })).result).toMatchObject({ id: captureId, status: CaptureStatus.PartiallyRefunded, amount: { value: '250.00' } });
    expect((await payments.getRefund({ refundId: first.result.id! })).result).toMatchObject({ id: first.result.id, status: 'COMPLETED', amount: { value: '100.00' } });
    const afterFirst = (await orders.getOrder({ id: created.id! })).result.purchaseUnits![0].payments!;
    expect(afterFirst.captures![0].status).toBe(CaptureStatus.PartiallyRefunded);
    expect(afterFirst.refunds?.map((r) => r.id)).toEqual([first.result.id]);

    const tooMuch = await payments.refundCapturedPayment({ captureId, body: { amount: { currencyCode: 'MXN', value: '150.01' } } }).catch((e: unknown) => e);
    expect(tooMuch).toBeInstanceOf(CustomError);
    expect(tooMuch).toMatchObject({ statusCode: 422, result: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'REFUND_AMOUNT_EXCEEDED' }] } });

    // No amount: what remains.
    const rest = await payments.refundCapturedPayment({ captureId, prefer: 'return=representation' });
    expect(rest.result).toMatchObject({ amount: { value: '150.00' }, sellerPayableBreakdown: { totalRefundedAmount: { value: '250.00' } } });
    expect((await payments.getCapturedPayment({ captureId })).result.status).toBe(CaptureStatus.Refunded);
    const again = await payments.refundCapturedPayment({ captureId, body: { amount: { currencyCode: 'MXN', value: '1.00' } } }).catch((e: unknown) => e);
    expect(again).toMatchObject({ statusCode: 422, result: { details: [{ issue: 'CAPTURE_FULLY_REFUNDED' }] } });
  });

  it('answers an unknown order 404 RESOURCE_NOT_FOUND in PayPal\'s error shape', async () => {
    const missing = await orders.getOrder({ id: 'NOSUCHORDER000000' }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(CustomError);
    expect(missing).toMatchObject({ statusCode: 404, result: { name: 'RESOURCE_NOT_FOUND', message: expect.any(String), debug_id: expect.any(String), details: [{ issue: 'INVALID_RESOURCE_ID' }] } });
  });
});
