import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/client/api/ApiError';
import { CARD_FIELDS_DELAY_MS, OpenpayPanelStore, type OpenpayPanelDeps } from '../../../../src/client/payments/method/OpenpayPanelStore';
import type { StartOutcome } from '../../../../src/client/payments/method/PaymentActions';
import type { Notification } from '../../../../src/client/stores/ports';

const ORIGIN = 'https://boletos.example.mx';
const form = { cardHolderName: ' Ana López ', email: 'ana@example.mx', emailConfirm: 'ana@example.mx' };

/** A card frame that answers each tokenize request with `answer` (a token and BIN, or Openpay's description). */
function setup(answer: { token: string; bin: string } | { description: string }, options: { bins?: string[]; outcome?: StartOutcome } = {}) {
  const notifications: Notification[] = [];
  const paid: unknown[] = [];
  const waits: number[] = [];
  let errorFlag = false;
  const posted: { message: any; target: string }[] = [];
  let store: OpenpayPanelStore;
  const frame = {
    postMessage(message: any, target: string) {
      posted.push({ message, target });
      queueMicrotask(() => store.onMessage({ origin: ORIGIN, source: frame as never, data: { source: 'openpay-card-frame', requestId: message.requestId, ...('token' in answer ? { type: 'token', ...answer } : { type: 'error', ...answer }) } }));
    },
  };
  const deps: OpenpayPanelDeps = {
    loadSdk: async () => ({ deviceSessionId: 'device-1' }),
    allowedBins: () => options.bins ?? [],
    pay: async (details) => {
      paid.push(details);
      return options.outcome ?? { kind: 'handedOver' };
    },
    notify: (n) => notifications.push(n),
    setErrorFlag: () => {
      errorFlag = true;
    },
    wait: async (ms) => {
      waits.push(ms);
    },
    origin: ORIGIN,
  };
  store = new OpenpayPanelStore(deps);
  const ready = (from: { origin?: string; source?: unknown } = {}) =>
    store.onMessage({ origin: from.origin ?? ORIGIN, source: (from.source ?? frame) as never, data: { source: 'openpay-card-frame', type: 'ready' } });
  return { store, frame, ready, notifications, paid, waits, posted, errorFlag: () => errorFlag };
}

describe('OpenpayPanelStore', () => {
  it('mounts the card frame 200 ms after the scripts load, and takes messages only from that frame on our origin', async () => {
    const s = setup({ token: 't', bin: '411111' });
    await s.store.open();
    expect(s.waits).toEqual([CARD_FIELDS_DELAY_MS]);
    expect(s.store.frameMounted).toBe(true);
    s.store.attachFrame(s.frame as never);
    s.ready({ origin: 'https://evil.example' });
    s.ready({ source: {} });
    expect(s.store.frameReady).toBe(false);
    s.ready();
    expect(s.store.frameReady).toBe(true);
  });

  it('pays with the token and the device session id only; the holder goes into the frame, posted to our origin', async () => {
    const s = setup({ token: 'tok_1', bin: '411111' });
    await s.store.open();
    s.store.attachFrame(s.frame as never);
    s.ready();
    await s.store.pay(form);
    expect(s.posted).toEqual([{ message: { source: 'openpay-parent', type: 'tokenize', requestId: '1', holderName: 'Ana López' }, target: ORIGIN }]);
    expect(s.paid).toEqual([{ token: 'tok_1', device_session_id: 'device-1', buyer_info: { name: 'Ana López', email: 'ana@example.mx', emailConfirm: 'ana@example.mx' } }]);
    expect(s.notifications).toEqual([]);
  });

  it('a tokenizer refusal: a toast with Openpay\'s description, else the form sentence; nothing paid', async () => {
    for (const [description, expected] of [
      ['The card number verification digit is invalid', { variant: 'error', text: 'The card number verification digit is invalid' }],
      ['', { variant: 'error', messageKey: 'payments:errors.openpayFormError' }],
    ] as const) {
      const s = setup({ description });
      await s.store.open();
      s.store.attachFrame(s.frame as never);
      s.ready();
      await s.store.pay(form);
      expect(s.notifications).toEqual([expected]);
      expect(s.paid).toEqual([]);
    }
  });

  it('a BIN outside the allowed list: the message, nothing paid', async () => {
    const s = setup({ token: 'tok_1', bin: '411111' }, { bins: ['555555'] });
    await s.store.open();
    s.store.attachFrame(s.frame as never);
    s.ready();
    await s.store.pay(form);
    expect(s.store.binRefused).toBe(true);
    expect(s.paid).toEqual([]);
  });

  it('a failed payment: a toast with the server\'s error_message (else "Error en la transaccion") and the error flag', async () => {
    for (const [error, expected] of [
      [new ApiError(402, 'Tu pago fue rechazado.', 'CARD_PAYMENT_REJECTED'), { variant: 'error', text: 'Tu pago fue rechazado.' }],
      [new Error('network'), { variant: 'error', messageKey: 'payments:errors.transactionFailed' }],
    ] as const) {
      const s = setup({ token: 'tok_1', bin: '411111' }, { outcome: { kind: 'failed', error } });
      await s.store.open();
      s.store.attachFrame(s.frame as never);
      s.ready();
      await s.store.pay(form);
      expect(s.notifications).toEqual([expected]);
      expect(s.errorFlag()).toBe(true);
      expect(s.store.busy).toBe(false);
    }
  });
});
