import {
  CheckoutPaymentIntent, Client, CustomError, Environment, OAuthAuthorizationController, OrdersController, OrderStatus,
} from '@paypal/paypal-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipDatabase } from '../../../support/test-database';
import { createPaymentsApp, eventually, type PaymentsTestApp } from '../helpers';

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

  beforeAll(async () => {
    t = await createPaymentsApp();
    client = new SandboxPayPalClient(`${t.baseUrl}/sandbox/paypal/api`, {
      environment: Environment.Sandbox,
      clientCredentialsAuthCredentials: { oAuthClientId: t.sandbox.paypal.clientId, oAuthClientSecret: t.sandbox.paypal.clientSecret },
      timeout: 15_000,
    });
    orders = new OrdersController(client);
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

  it('answers an unknown order 404 RESOURCE_NOT_FOUND in PayPal\'s error shape', async () => {
    const missing = await orders.getOrder({ id: 'NOSUCHORDER000000' }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(CustomError);
    expect(missing).toMatchObject({ statusCode: 404, result: { name: 'RESOURCE_NOT_FOUND', message: expect.any(String), debug_id: expect.any(String), details: [{ issue: 'INVALID_RESOURCE_ID' }] } });
  });
});
