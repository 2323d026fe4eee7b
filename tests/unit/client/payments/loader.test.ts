import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/client/api/ApiError';
import { BotCheckNotLoadedError } from '../../../../src/client/botCheck/BotCheckNotLoadedError';
import { LOADER_DEFINITIONS, loaderDefinition } from '../../../../src/client/payments/loader/loaderDefinitions';
import { loaderOutcome, paymentStatus } from '../../../../src/client/payments/loader/loaderOutcome';
import { PaymentLoaderStore } from '../../../../src/client/payments/loader/PaymentLoaderStore';
import { readPaymentResult } from '../../../../src/client/payments/paymentResult';
import { paymentRoot, reloadOf } from './paymentRoot';

describe('loader status handling (pure)', () => {
  it('maps loader answers to approved, pending, rejected or other', () => {
    expect(['approved', 'pending', 'rejected', 'other', 'refunded', undefined, 42].map(paymentStatus)).toEqual([
      'approved',
      'pending',
      'rejected',
      'other',
      'other',
      'other',
      'other',
    ]);
    expect(['approved', 'pending', 'rejected', 'other', 'weird'].map(loaderOutcome)).toEqual(['approved', 'pending', 'declined', 'declined', 'declined']);
  });

  it('defines the seven loader routes with their query and body', () => {
    expect(Object.keys(LOADER_DEFINITIONS).sort()).toEqual(['fintoc', 'free', 'mp', 'mp-supertoken', 'open-pay', 'paypal', 'stripe']);
    const bodies = Object.fromEntries(
      Object.values(LOADER_DEFINITIONS).map((d) => [d.segment, [d.provider, d.queryParam, d.body('Q', { url: 'demo', botCheckToken: 'G' })]]),
    );
    expect(bodies).toEqual({
      mp: ['mercadopago', 'payment_id', { payment_id: 'Q' }],
      'mp-supertoken': ['mercadopago-supertoken', 'payment_id', { payment_id: 'Q' }],
      'open-pay': ['open-pay', 'payment_id', { payment_id: 'Q' }],
      paypal: ['paypal', 'token', { token: 'Q' }],
      fintoc: ['fintoc', 'purchase_id', { purchase_id: 'Q' }],
      stripe: ['stripe', 'payment_intent', { payment_intent: 'Q', url: 'demo' }],
      free: ['free', 'secretuuid', { token: 'Q', g_token: 'G' }],
    });
    expect(LOADER_DEFINITIONS.free.botCheckAction).toBe('validate_free_access_loader');
    expect(Object.values(LOADER_DEFINITIONS).filter((d) => !d.setsErrorFlag).map((d) => d.segment)).toEqual(['open-pay']);
    expect(loaderDefinition('toString')).toBeUndefined();
  });
});

describe('PaymentLoaderStore', () => {
  it('approved: one call, the order restored from reload (purchase, emission, amounts, buyer) and remembered for a refresh', async () => {
    const { root, calls, sessionStorage } = await paymentRoot({ responses: { loaderProcess: { status: 'approved', reload: reloadOf() } } });
    root.payment.setErrorFlag(true);
    const store = new PaymentLoaderStore(root, LOADER_DEFINITIONS.paypal, 'ORDER-1', 'demo');
    await Promise.all([store.run(), store.run()]);
    expect(calls.loaderProcess).toEqual([['paypal', { token: 'ORDER-1' }]]);
    expect(store.view).toBe('approved');
    expect(root.checkout).toMatchObject({ purchaseId: 'p-1', emissionId: 'e-1', amount: 1320, buyerInfo: { email: 'ana@example.mx' } });
    expect(root.checkout.tickets).toHaveLength(1);
    expect(root.payment.errorFlag).toBe(false);
    expect(readPaymentResult(sessionStorage, 'demo')).toEqual({ url: 'demo', purchase_id: 'p-1' });
  });

  it('pending: the same, without an emission', async () => {
    const { root } = await paymentRoot({ responses: { loaderProcess: { status: 'pending', reload: reloadOf({ emission_id: null }) } } });
    const store = new PaymentLoaderStore(root, LOADER_DEFINITIONS.mp, '123', 'demo');
    await store.run();
    expect(store.view).toBe('pending');
    expect(root.checkout.emissionId).toBeNull();
    expect(root.checkout.purchaseId).toBe('p-1');
  });

  it('rejected and other: declined, the error flag set, the still-held order restored for another try', async () => {
    for (const status of ['rejected', 'other']) {
      const { root, sessionStorage } = await paymentRoot({ responses: { loaderProcess: { status, reload: reloadOf({ emission_id: null }) } } });
      const store = new PaymentLoaderStore(root, LOADER_DEFINITIONS.fintoc, 'p-1', 'demo');
      await store.run();
      expect(store.view).toBe('declined');
      expect(root.payment.errorFlag).toBe(true);
      expect(root.checkout.purchaseId).toBe('p-1');
      expect(readPaymentResult(sessionStorage, 'demo')).toBeNull();
    }
  });

  it("a declined card keeps MercadoPago's reason (without cc_rejected_) for the rejected view", async () => {
    const reasons = { cc_rejected_insufficient_amount: 'insufficient_amount', cc_rejected_bad_filled_security_code: 'bad_filled_security_code', cc_rejected_other_reason: 'other_reason' };
    for (const [detail, reason] of Object.entries(reasons)) {
      const { root } = await paymentRoot({ responses: { loaderProcess: { status: 'rejected', reload: null, status_detail: detail } } });
      const store = new PaymentLoaderStore(root, LOADER_DEFINITIONS.mp, '123', 'demo');
      await store.run();
      expect(store.view).toBe('declined');
      expect(store.declineReason).toBe(reason);
      expect(root.payment.errorFlag).toBe(true);
    }
  });

  it('the second card provider loader leaves the error flag alone', async () => {
    const declined = await paymentRoot({ responses: { loaderProcess: { status: 'rejected', reload: null } } });
    const store = new PaymentLoaderStore(declined.root, LOADER_DEFINITIONS['open-pay'], '9', 'demo');
    await store.run();
    expect(store.view).toBe('declined');
    expect(declined.root.payment.errorFlag).toBe(false);

    const failed = await paymentRoot({ responses: { loaderProcess: new ApiError(404, 'La ruta solicitada no existe.') } });
    const failing = new PaymentLoaderStore(failed.root, LOADER_DEFINITIONS['open-pay'], '9', 'demo');
    await failing.run();
    expect(failing.view).toBe('requestError');
    expect(failed.root.payment.errorFlag).toBe(false);
  });

  it("request error: the server's mensaje (or the default) as a toast, the flag set, the error view", async () => {
    const { root, notifications } = await paymentRoot({ responses: { loaderProcess: new ApiError(404, 'No encontramos el pago.') } });
    const store = new PaymentLoaderStore(root, LOADER_DEFINITIONS.mp, '1', 'demo');
    await store.run();
    expect(store.view).toBe('requestError');
    expect(root.payment.errorFlag).toBe(true);
    expect(notifications).toEqual([{ variant: 'error', text: 'No encontramos el pago.', messageKey: 'payments:errors.loaderFailed' }]);

    const silent = await paymentRoot({ responses: { loaderProcess: new ApiError(502) } });
    await new PaymentLoaderStore(silent.root, LOADER_DEFINITIONS.mp, '1', 'demo').run();
    expect(silent.notifications).toEqual([{ variant: 'error', text: undefined, messageKey: 'payments:errors.loaderFailed' }]);

    const limited = await paymentRoot({ responses: { loaderProcess: new ApiError(429) } });
    await new PaymentLoaderStore(limited.root, LOADER_DEFINITIONS.mp, '1', 'demo').run();
    expect(limited.notifications).toEqual([]); // the HTTP client already showed the 429 toast
  });

  it('free: gets the loader bot-check token first and sends it as g_token with the secret uuid', async () => {
    const { root, calls, botCheckActions } = await paymentRoot({ responses: { loaderProcess: { status: 'approved', reload: reloadOf() } } });
    const store = new PaymentLoaderStore(root, LOADER_DEFINITIONS.free, 'uuid-1', 'demo');
    await store.run();
    expect(botCheckActions).toEqual(['validate_free_access_loader']);
    expect(calls.loaderProcess).toEqual([['free', { token: 'uuid-1', g_token: 'bot-validate_free_access_loader' }]]);
    expect(store.view).toBe('approved');
  });

  it('free: a bot check that does not load is a retryable view', async () => {
    let fail = true;
    const { root, calls, notifications } = await paymentRoot({
      responses: { loaderProcess: { status: 'approved', reload: reloadOf() } },
      botCheck: { getToken: async () => (fail ? Promise.reject(new BotCheckNotLoadedError()) : 'g') },
    });
    const store = new PaymentLoaderStore(root, LOADER_DEFINITIONS.free, 'uuid-1', 'demo');
    await store.run();
    expect(store.view).toBe('botCheckError');
    expect(notifications).toEqual([{ variant: 'error', messageKey: 'errors:botCheckNotLoaded' }]);
    expect(calls.loaderProcess).toEqual([]);
    fail = false;
    await store.retry();
    expect(store.view).toBe('approved');
  });
});

describe('after a payment', () => {
  it('a new purchase in the same tab starts without the previous emission', async () => {
    const { root } = await paymentRoot({ responses: { loaderProcess: { status: 'approved', reload: reloadOf() } } });
    await new PaymentLoaderStore(root, LOADER_DEFINITIONS.free, 'uuid-1', 'demo').run();
    expect(root.checkout.emissionId).toBe('e-1');
    root.checkout.clearHeldPurchase();
    root.checkout.setTicketQuantity(2, 1);
    expect(await root.actions.createPurchase(null)).toBe(true);
    expect(root.checkout.purchaseId).toBe('p-1');
    expect(root.checkout.emissionId).toBeNull();
  });
});
