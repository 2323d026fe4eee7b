import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/client/api/ApiError';
import { AccountPlanChoice } from '../../../../src/client/payments/method/AccountPlanChoice';
import { installmentsForm } from '../../../../src/client/payments/method/installmentsForm';
import type { InstallmentPlan } from '../../../../src/shared/api/installments';
import { PaymentActions } from '../../../../src/client/payments/method/PaymentActions';
import { AUTHENTICATOR_DELAY_MS, SuperTokenPanelStore } from '../../../../src/client/payments/method/SuperTokenPanelStore';
import type { StartOutcome } from '../../../../src/client/payments/method/PaymentActions';
import { authenticatorAmount, type AccountPaymentMethod, type FastPaymentsSdk } from '../../../../src/client/payments/providers/mercadopagoFastPayments';
import { holdVip, paymentRoot } from './paymentRoot';

const METHODS: AccountPaymentMethod[] = [
  {
    id: 'pst-visa', pseudotoken: 'pst-visa', type: 'credit_card', payment_method: { id: 'visa', name: 'Visa', payment_type_id: 'credit_card' },
    issuer: { id: '162', name: 'Visa' }, first_six_digits: '407559', last_four_digits: '3764', security_code_settings: { mode: 'mandatory', length: 3 },
  },
  {
    id: 'account_money', pseudotoken: null, type: 'account_money', payment_method: { id: 'account_money', name: 'Dinero en cuenta', payment_type_id: 'account_money' },
    issuer: { id: null, name: 'Mercado Pago' }, first_six_digits: null, last_four_digits: null, security_code_settings: null,
  },
];

/** The provider's fast-payment calls, recorded; `fail` makes the authenticator refuse (as for a `+fail` e-mail). */
function provider(options: { fail?: boolean } = {}) {
  const calls: string[] = [];
  let tokens = 0;
  const sdk: FastPaymentsSdk = {
    authenticator: async (amount, email) => {
      calls.push(`authenticator ${amount} ${email}`);
      if (options.fail) throw Object.assign(new Error('not supported'), { errorCode: 'AuthenticationNotSupported' });
      return {
        show: async (showOptions) => {
          calls.push(`show ${JSON.stringify(showOptions)}`);
          tokens += 1;
          return `fast-${tokens}`;
        },
      };
    },
    getAccountPaymentMethods: async (token) => (calls.push(`methods ${token}`), { results: METHODS }),
  };
  return { sdk, calls };
}

/** A wait the test releases by hand, so "500 ms later" is a step of the test, not a clock. */
function manualWaits() {
  const pending: { ms: number; release: () => void }[] = [];
  const wait = (ms: number) => new Promise<void>((resolve) => pending.push({ ms, release: resolve }));
  return { pending, wait };
}

const wording = { amountCents: 25_000, currency: 'MXN', lang: 'es' as const, label: 'Pagos', onePayment: (amount: string) => `1 pago de ${amount}` };

function setup(options: { fail?: boolean; outcomes?: StartOutcome[]; plans?: Record<string, InstallmentPlan[]> } = {}) {
  const { sdk, calls } = provider(options);
  const { pending, wait } = manualWaits();
  const paid: unknown[] = [];
  let flagged = 0;
  const outcomes = [...(options.outcomes ?? [])];
  const asked: string[] = [];
  const store = new SuperTokenPanelStore({
    plans: new AccountPlanChoice({
      plansFor: async (token, method) => (asked.push(`${token} ${method.id}`), options.plans?.[method.id] ?? []),
      planForm: (offered) => installmentsForm(offered, wording, 'supertoken-plan'),
    }),
    loadSdk: async () => sdk,
    amount: () => authenticatorAmount(25_000),
    pay: async (details) => (paid.push(details), outcomes.shift() ?? { kind: 'handedOver' }),
    setErrorFlag: () => void (flagged += 1),
    wait,
  });
  return { store, calls, pending, paid, asked, flagged: () => flagged };
}

/** Releases the wait in front and lets the authenticator's round trips settle. */
async function elapse(pending: { ms: number; release: () => void }[], run: Promise<void>) {
  const next = pending.shift()!;
  expect(next.ms).toBe(AUTHENTICATOR_DELAY_MS);
  next.release();
  await run;
}

describe('SuperTokenPanelStore', () => {
  it('a valid e-mail starts the authenticator after the wait, with the amount in 2 decimals; the user confirmation is hidden', async () => {
    const { store, calls, pending } = setup();
    expect(store.mode).toBe('superToken');
    const run = store.emailChanged(' ana@example.com.mx ', true);
    expect(calls).toEqual([]);
    await elapse(pending, run);
    expect(calls).toEqual(['authenticator 250.00 ana@example.com.mx', 'show {"hideUserConfirmation":true}', 'methods fast-1']);
    expect(store).toMatchObject({ phase: 'choosing', selectedId: 'pst-visa', canPay: true });
    expect(store.methods).toHaveLength(2);
  });

  it('an invalid e-mail never starts it; a change during the wait drops the older e-mail', async () => {
    const { store, calls, pending } = setup();
    await store.emailChanged('ana@example.co', false);
    expect(pending).toEqual([]);
    const first = store.emailChanged('ana@example.com', true);
    const second = store.emailChanged('luis@example.com', true);
    pending.shift()!.release();
    await first;
    expect(calls).toEqual([]);
    await elapse(pending, second);
    expect(calls[0]).toBe('authenticator 250.00 luis@example.com');
  });

  it('the authenticator failing switches to plain card entry', async () => {
    const { store, pending } = setup({ fail: true });
    await elapse(pending, store.emailChanged('ana+fail@example.com', true));
    expect(store.mode).toBe('card');
  });

  it('pays with the chosen method: token, id, type and e-mail', async () => {
    const { store, pending, paid } = setup();
    await elapse(pending, store.emailChanged('ana@example.com', true));
    store.select('account_money');
    await store.pay();
    expect(paid).toEqual([{ token: 'fast-1', id: 'account_money', type: 'account_money', installments: 1, email: 'ana@example.com' }]);
  });

  it('offers the chosen card\'s plans (asked by the fast-payment token and method) and pays with the months chosen; account money has none', async () => {
    const six: InstallmentPlan = { months: 6, monthly_cents: 4_167, total_cents: 25_000, interest_free: true };
    const { store, asked, pending, paid } = setup({ plans: { 'pst-visa': [six] } });
    await elapse(pending, store.emailChanged('ana@example.com', true));
    await vi.waitFor(() => expect(store.plans.form).not.toBeNull());
    expect(asked).toEqual(['fast-1 pst-visa']);
    store.select('account_money');
    await vi.waitFor(() => expect(asked.at(-1)).toBe('fast-1 account_money'));
    expect(store.plans.form).toBeNull();
    store.select('pst-visa');
    await vi.waitFor(() => expect(store.plans.form).not.toBeNull());
    store.plans.form!.state.setFormData({ months: 6 });
    await store.pay();
    expect(paid).toEqual([{ token: 'fast-1', id: 'pst-visa', type: 'credit_card', installments: 6, email: 'ana@example.com' }]);
  });

  it('a failed order sets the error flag, stops loading and shows the error screen; retry confirms the account again', async () => {
    const { store, calls, pending, paid, flagged } = setup({ outcomes: [{ kind: 'failed', error: new ApiError(402, 'Rechazado', 'CARD_PAYMENT_REJECTED') }] });
    await elapse(pending, store.emailChanged('ana@example.com', true));
    await store.pay();
    expect(store).toMatchObject({ phase: 'failed', canPay: false });
    expect(flagged()).toBe(1);
    await store.retry();
    expect(calls.filter((c) => c.startsWith('authenticator'))).toHaveLength(2);
    expect(store.phase).toBe('choosing');
    await store.pay();
    expect(paid).toEqual([expect.objectContaining({ token: 'fast-1' }), expect.objectContaining({ token: 'fast-2' })]);
  });

  it('another e-mail goes back to the e-mail step; another card to plain card entry', async () => {
    const { store, pending } = setup({ outcomes: [{ kind: 'failed' }] });
    await elapse(pending, store.emailChanged('ana@example.com', true));
    await store.pay();
    store.useAnotherEmail();
    expect(store).toMatchObject({ phase: 'email', methods: [], canPay: false, mode: 'superToken' });
    store.useCard();
    expect(store.mode).toBe('card');
  });
});

describe('PaymentActions.paySuperToken', () => {
  const details = { token: 'fast-1', id: 'pst-visa', type: 'credit_card', email: 'ana@example.com' };

  it('create-order with the purchase and language, then the super-token loader', async () => {
    const built = await paymentRoot({ responses: { createSuperTokenOrder: { payment_id: '987' } } });
    holdVip(built.root);
    const steps: string[] = [];
    const actions = new PaymentActions(built.root, { navigate: (path) => void steps.push(path), assign: () => undefined, wait: async () => undefined });
    expect(await actions.paySuperToken(details)).toEqual({ kind: 'handedOver' });
    expect(built.calls.createSuperTokenOrder).toEqual([[{ ...details, purchase_id: 'p-1', lang: 'es' }]]);
    expect(steps).toEqual(['/demo/mp-supertoken/loader?payment_id=987']);
  });

  it('a rejected order is failed for the panel, with no toast', async () => {
    const built = await paymentRoot({ responses: { createSuperTokenOrder: new ApiError(402, 'Rechazado', 'CARD_PAYMENT_REJECTED') } });
    holdVip(built.root);
    const actions = new PaymentActions(built.root, { navigate: () => undefined, assign: () => undefined, wait: async () => undefined });
    expect(await actions.paySuperToken(details)).toEqual({ kind: 'failed' });
    expect(built.notifications).toEqual([]);
    expect(built.root.payment).toMatchObject({ submitting: null, failedMethod: 'superToken' });
  });
});
