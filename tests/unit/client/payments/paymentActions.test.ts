import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/client/api/ApiError';
import { BotCheckNotLoadedError } from '../../../../src/client/botCheck/BotCheckNotLoadedError';
import { buyerProblems, PaymentActions, type PaymentHandover } from '../../../../src/client/payments/method/PaymentActions';
import { holdVip, paymentRoot } from './paymentRoot';

const buyer = { name: 'Ana López', email: 'ana@example.mx', emailConfirm: 'ana@example.mx', phone: '5512345678' };

function recordingHandover() {
  const steps: string[] = [];
  const handover: PaymentHandover = {
    navigate: (path) => void steps.push(`navigate ${path}`),
    assign: (url) => void steps.push(`assign ${url}`),
    wait: async (ms) => void steps.push(`wait ${ms}`),
  };
  return { steps, handover };
}

async function setup(responses: Parameters<typeof paymentRoot>[0] = {}) {
  const built = await paymentRoot(responses);
  holdVip(built.root);
  built.root.ui.setLeaveBlocked(true);
  const { steps, handover } = recordingHandover();
  return { ...built, steps, actions: new PaymentActions(built.root, handover) };
}

describe('PaymentActions', () => {
  it('free: bot check validate_free_access, verify-free, the order cleared, then the free loader', async () => {
    const { root, calls, steps, actions, botCheckActions } = await setup({ responses: { verifyFree: { secretuuid: 'sec 1' } } });
    const pending = actions.payFree(buyer);
    expect(root.payment.submitting).toBe('free');
    expect(await pending).toEqual({ kind: 'handedOver' });
    expect(botCheckActions).toEqual(['validate_free_access']);
    expect(calls.verifyFree).toEqual([[{ purchase_id: 'p-1', buyer_info: buyer, token: 'bot-validate_free_access', lang: 'es' }]]);
    expect(steps).toEqual(['navigate /demo/free/loader?secretuuid=sec%201']);
    expect(root.checkout.purchaseId).toBeNull();
    expect(root.checkout.tickets).toEqual([]);
    expect(root.payment).toMatchObject({ submitting: null, leaving: true });
    expect(root.ui.leaveBlocked).toBe(false);
  });

  it("cash voucher: create-preference in the buyer's language, the order cleared, then the hosted checkout", async () => {
    const { root, calls, steps, actions } = await setup({ responses: { createPreference: { preference_id: 'pref', init_point: '/sandbox/mercadopago/checkout/pref' } } });
    root.ui.setLanguage('en');
    expect(await actions.payCash(buyer)).toEqual({ kind: 'handedOver' });
    expect(calls.createPreference).toEqual([[{ purchase_id: 'p-1', buyer_info: buyer, lang: 'en' }]]);
    expect(steps).toEqual(['assign /sandbox/mercadopago/checkout/pref']);
    expect(root.checkout.purchaseId).toBeNull();
  });

  it('bank transfer: create-session, then the widget; the order stays (the buyer may come back)', async () => {
    const { root, calls, steps, actions } = await setup({ responses: { createFintocSession: { session_token: 's', widget_url: '/sandbox/fintoc/widget/s' } } });
    expect(await actions.payBankTransfer(buyer)).toEqual({ kind: 'handedOver' });
    expect(calls.createFintocSession).toEqual([[{ purchase_id: 'p-1', buyer_info: buyer, lang: 'es' }]]);
    expect(steps).toEqual(['assign /sandbox/fintoc/widget/s']);
    expect(root.checkout.purchaseId).toBe('p-1');
  });

  it('PayPal: create-order, the order cleared, 500 ms, then links[1]', async () => {
    const links = [{ href: '/self', rel: 'self' }, { href: '/sandbox/paypal/checkoutnow?token=O', rel: 'approve' }];
    const { root, calls, steps, actions } = await setup({ responses: { createPaypalOrder: { order: { id: 'O', status: 'CREATED', links } } } });
    expect(await actions.payPaypal()).toEqual({ kind: 'handedOver' });
    expect(calls.createPaypalOrder).toEqual([[{ purchase_id: 'p-1', lang: 'es' }]]);
    expect(steps).toEqual(['wait 500', 'assign /sandbox/paypal/checkoutnow?token=O']);
    expect(root.checkout.purchaseId).toBeNull();
  });

  it('failures: their toasts (voucher and bank transfer, free claim), PayPal only logged; the order and the warning stay', async () => {
    const failing = { createPreference: new ApiError(502, 'x'), createFintocSession: new ApiError(0), verifyFree: new ApiError(409, 'x'), createPaypalOrder: new ApiError(500) };
    const { root, notifications, steps, actions } = await setup({ responses: failing });
    const logged: unknown[] = [];
    const error = console.error;
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      for (const pay of [() => actions.payCash(buyer), () => actions.payBankTransfer(buyer), () => actions.payFree(buyer), () => actions.payPaypal()]) {
        expect(await pay()).toEqual({ kind: 'failed' });
      }
    } finally {
      console.error = error;
    }
    expect(notifications.map((n) => n.messageKey)).toEqual(['payments:errors.startFailed', 'payments:errors.startFailed', 'payments:errors.freeFailed']);
    expect(logged).toHaveLength(1);
    expect(steps).toEqual([]);
    expect(root.checkout.purchaseId).toBe('p-1');
    expect(root.ui.leaveBlocked).toBe(true);
    expect(root.payment).toMatchObject({ submitting: null, leaving: false, failedMethod: 'paypal' });
  });

  it("FORM_INVALID: the server's buyer_info errors come back as problems of the buyer form, no toast", async () => {
    const refusal = new ApiError(400, 'Algún campo tiene error, verifica.', 'FORM_INVALID', [
      { path: '/buyer_info/phone', message: 'errors:buyer.phoneDigits' },
      { path: '/purchase_id', message: 'x' },
    ]);
    const { notifications, actions } = await setup({ responses: { createFintocSession: refusal } });
    expect(await actions.payBankTransfer(buyer)).toEqual({ kind: 'invalid', problems: [{ pointer: '/phone', message: 'errors:buyer.phoneDigits' }] });
    expect(notifications).toEqual([]);
    expect(buyerProblems([{ path: '/buyer_info', message: 'x' }])).toEqual([]);
  });

  it('an expired hold (410) says so and forgets the purchase', async () => {
    const { root, notifications, actions } = await setup({ responses: { createPreference: new ApiError(410, 'El tiempo terminó', 'PURCHASE_EXPIRED') } });
    expect(await actions.payCash(buyer)).toEqual({ kind: 'failed' });
    expect(notifications).toEqual([{ variant: 'warning', messageKey: 'errors:holdExpired' }]);
    expect(root.checkout.purchaseId).toBeNull();
  });

  it('free: a bot check that is not loaded shows its own message', async () => {
    const { notifications, calls, actions } = await setup({ botCheck: { getToken: () => Promise.reject(new BotCheckNotLoadedError()) } });
    expect(await actions.payFree(buyer)).toEqual({ kind: 'failed' });
    expect(notifications).toEqual([{ variant: 'error', messageKey: 'errors:botCheckNotLoaded' }]);
    expect(calls.verifyFree).toEqual([]);
  });

  it('one start at a time, and none without a held purchase', async () => {
    const { root, calls, actions } = await setup({ responses: { createPreference: () => new Promise(() => undefined) } });
    void actions.payCash(buyer);
    expect(await actions.payBankTransfer(buyer)).toEqual({ kind: 'failed' });
    expect(calls.createFintocSession).toEqual([]);
    root.payment.setSubmitting(null);
    root.checkout.deletePurchase();
    expect(await actions.payBankTransfer(buyer)).toEqual({ kind: 'failed' });
  });
});

describe('PaymentActions.payCard', () => {
  const details = { token: 'tok-1', installments: 1, paymentMethodId: 'visa', issuer: '310', email: buyer.email, buyer_info: buyer };

  it('process-payment with the purchase and language, then the card loader; the order stays for a retry', async () => {
    const { root, calls, steps, actions } = await setup({ responses: { processCardPayment: { payment_id: '123' } } });
    expect(await actions.payCard(details)).toEqual({ kind: 'handedOver' });
    expect(calls.processCardPayment).toEqual([[{ ...details, purchase_id: 'p-1', lang: 'es' }]]);
    expect(steps).toEqual(['navigate /demo/mp/loader?payment_id=123']);
    expect(root.checkout.purchaseId).toBe('p-1');
  });

  it('a declined payment that exists at the provider (402 with its id) goes to its loader, which shows the rejected view', async () => {
    const declined = new ApiError(402, 'Pago rechazado', 'CARD_PAYMENT_REJECTED', [], '987');
    const { steps, actions, notifications } = await setup({ responses: { processCardPayment: declined } });
    expect(await actions.payCard(details)).toEqual({ kind: 'handedOver' });
    expect(steps).toEqual(['navigate /demo/mp/loader?payment_id=987']);
    expect(notifications).toEqual([]);
  });

  it('a declined card without a payment answers the error for the panel, no toast', async () => {
    const declined = new ApiError(402, 'Pago rechazado', 'CARD_PAYMENT_REJECTED');
    const { root, steps, actions, notifications } = await setup({ responses: { processCardPayment: declined } });
    expect(await actions.payCard(details)).toEqual({ kind: 'failed', error: declined });
    expect(steps).toEqual([]);
    expect(notifications).toEqual([]);
    expect(root.payment).toMatchObject({ submitting: null, failedMethod: 'card' });
  });
});
