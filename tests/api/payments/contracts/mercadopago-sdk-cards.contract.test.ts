import MercadoPagoConfig, { CardToken, Payment } from 'mercadopago';
import { AppConfig } from 'mercadopago/dist/utils/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skipDatabase } from '../../../support/test-database';
import { createPaymentsApp, type PaymentsTestApp } from '../helpers';

/**
 * MercadoPago's official Node SDK aimed at our sandbox's card API: its base URL is the static
 * `AppConfig.BASE_URL`, swapped for the sandbox's here and restored afterwards. Everything else
 * (headers, idempotency key, parsing) is the SDK's own.
 */
describe.skipIf(skipDatabase)('MercadoPago card sandbox driven by the official mercadopago SDK', () => {
  let t: PaymentsTestApp;
  let payments: Payment;
  let tokens: CardToken;
  const settable = AppConfig as unknown as { BASE_URL: string };
  const original = settable.BASE_URL;

  beforeAll(async () => {
    t = await createPaymentsApp();
    settable.BASE_URL = `${t.baseUrl}/sandbox/mercadopago/api`;
    const config = new MercadoPagoConfig({ accessToken: t.sandbox.mercadopago.accessToken, options: { timeout: 15_000 } });
    payments = new Payment(config);
    tokens = new CardToken(config);
  });
  afterAll(async () => {
    settable.BASE_URL = original;
    await t.close();
  });

  const token = async (holder: string) => {
    // The SDK's body type omits the holder; MercadoPago's API takes it (`cardholder.name`).
    const body = { card_number: '5474925432670366', expiration_month: '11', expiration_year: '2030', security_code: '123', cardholder: { name: holder } };
    return tokens.create({ body });
  };

  it('card token → Payment.create → Payment.get (approved)', async () => {
    const created = await token('APRO');
    expect(created).toMatchObject({ first_six_digits: '547492', last_four_digits: '0366', live_mode: false });
    const fetched = await tokens.get({ id: created.id! });
    expect(fetched.id).toBe(created.id);

    const payment = await payments.create({
      body: { token: created.id, transaction_amount: 220, installments: 1, payment_method_id: 'master', issuer_id: 158, payer: { email: 'ana@example.mx' }, external_reference: 'sdk-1' },
      requestOptions: { idempotencyKey: 'sdk-contract-1' },
    });
    expect(payment).toMatchObject({ status: 'approved', status_detail: 'accredited', transaction_amount: 220, external_reference: 'sdk-1', card: { first_six_digits: '547492', last_four_digits: '0366' } });
    const read = await payments.get({ id: payment.id! });
    expect(read).toMatchObject({ id: payment.id, status: 'approved', payment_method_id: 'master' });
  });

  it('a rejected payment (FUND) parses as a payment, and a reused token as the SDK\'s error', async () => {
    const created = await token('FUND');
    // Each call names its own key: the SDK keeps request options on the shared config between calls.
    const payment = await payments.create({ body: { token: created.id, transaction_amount: 220, installments: 1, payment_method_id: 'master', payer: { email: 'ana@example.mx' } }, requestOptions: { idempotencyKey: 'sdk-contract-2' } });
    expect(payment).toMatchObject({ status: 'rejected', status_detail: 'cc_rejected_insufficient_amount' });
    const reused = await payments
      .create({ body: { token: created.id, transaction_amount: 220, installments: 1, payment_method_id: 'master', payer: { email: 'ana@example.mx' } }, requestOptions: { idempotencyKey: 'sdk-contract-3' } })
      .catch((e: unknown) => e);
    expect(reused).toBeInstanceOf(Error);
    expect(reused).toMatchObject({ status: 400 });
  });
});
