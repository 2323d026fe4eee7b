import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/client/api/ApiError';
import { AccountPlanChoice } from '../../../../src/client/payments/method/AccountPlanChoice';
import { installmentsForm } from '../../../../src/client/payments/method/installmentsForm';
import type { InstallmentPlan } from '../../../../src/shared/api/installments';
import type { StartOutcome } from '../../../../src/client/payments/method/PaymentActions';
import { EMAIL_LOOKUP_DELAY_MS, SavedCardStore, securityCodeValid } from '../../../../src/client/payments/method/SavedCardStore';
import type { AccountPaymentMethod, MercadoPagoInstance, SecureField, SecureFieldEvents } from '../../../../src/client/payments/providers/mercadopagoSdk';

const visa: AccountPaymentMethod = {
  id: 'pst_visa', pseudotoken: 'pst_visa', type: 'credit_card',
  payment_method: { id: 'visa', name: 'Visa', payment_type_id: 'credit_card', thumbnail: 'visa.svg' },
  issuer: { id: '162', name: 'Visa' }, first_six_digits: '407559', last_four_digits: '3764',
  security_code_settings: { mode: 'mandatory', length: 3 },
};
const master: AccountPaymentMethod = { ...visa, id: 'pst_master', pseudotoken: 'pst_master', payment_method: { ...visa.payment_method, id: 'master', name: 'Mastercard' }, issuer: { id: '158', name: 'Mastercard' }, last_four_digits: '0366', security_code_settings: { mode: 'optional', length: 3 } };
const accountMoney: AccountPaymentMethod = { ...visa, id: 'account_money', pseudotoken: null, type: 'account_money', last_four_digits: null, security_code_settings: null };

/**
 * A provider SDK that records the fast-payment calls in order; `accounts` maps an e-mail to
 * its saved methods (an unknown e-mail fails to authenticate, as `+fail` does at the sandbox).
 */
function fakeSdk(accounts: Record<string, AccountPaymentMethod[]>) {
  const calls: string[] = [];
  const sdk: MercadoPagoInstance = {
    fields: {
      create: () => {
        throw new Error('not used');
      },
      createCardToken: async ({ cardId }) => {
        calls.push(`createCardToken ${cardId}`);
        return { id: `card-token-${cardId}`, first_six_digits: '407559', last_four_digits: '3764', expiration_month: 11, expiration_year: 2030, security_code_length: 3, cardholder: { name: 'APRO' } };
      },
    },
    getPaymentMethods: async () => ({ results: [] }),
    getIssuers: async () => [],
    authenticator: async (amount, email) => {
      calls.push(`authenticator ${amount} ${email}`);
      if (!accounts[email]) throw Object.assign(new Error('no'), { errorCode: 'AuthenticationNotSupported' });
      return {
        show: async (options) => {
          calls.push(`show ${options?.hideUserConfirmation}`);
          return `quick-${email}`;
        },
      };
    },
    getAccountPaymentMethods: async (token) => {
      calls.push(`getAccountPaymentMethods ${token}`);
      return { results: accounts[token.slice('quick-'.length)] ?? [] };
    },
    getCardId: async (token, pseudotoken) => {
      calls.push(`getCardId ${token} ${pseudotoken}`);
      return { card_id: pseudotoken === 'pst_visa' ? '9000000001' : '9000000002' };
    },
    updatePseudotoken: async (token, pseudotoken, cardToken) => {
      calls.push(`updatePseudotoken ${token} ${pseudotoken} ${cardToken}`);
    },
  };
  return { sdk, calls };
}

/** A security-code field whose validity the test reports, as the provider's iframe does. */
function codeField() {
  let report: ((data: SecureFieldEvents['validityChange']) => void) | undefined;
  const field = {
    on: (event: string, callback: (data: SecureFieldEvents['validityChange']) => void) => {
      if (event === 'validityChange') report = callback;
      return field;
    },
  } as unknown as SecureField;
  return { field, report: (errorMessages: SecureFieldEvents['validityChange']['errorMessages']) => report?.({ field: 'securityCode', errorMessages }) };
}

const wording = { amountCents: 66_000, currency: 'MXN', lang: 'es' as const, label: 'Pagos', onePayment: (amount: string) => `1 pago de ${amount}` };

function setup(outcome: StartOutcome = { kind: 'handedOver' }, plans: Record<string, InstallmentPlan[]> = {}) {
  const { sdk, calls } = fakeSdk({ 'test_user_mx@testuser.com': [visa, master, accountMoney], 'nadie@example.mx': [] });
  const scheduled: { run: () => void; ms: number; cancelled: boolean }[] = [];
  const paid: unknown[] = [];
  const asked: string[] = [];
  const store = new SavedCardStore({
    plans: new AccountPlanChoice({
      plansFor: async (token, method) => (asked.push(`${token} ${method.id}`), plans[method.id] ?? []),
      planForm: (offered) => installmentsForm(offered, wording, 'saved-plan'),
    }),
    sdk: () => sdk,
    amount: () => '220.00',
    buyer: () => ({ name: 'Ana López', phone: '5512345678' }),
    pay: async (details) => {
      calls.push(`pay ${details.token}`);
      paid.push(details);
      return outcome;
    },
    schedule: (run, ms) => {
      const entry = { run, ms, cancelled: false };
      scheduled.push(entry);
      return () => (entry.cancelled = true);
    },
  });
  /** Runs the lookup the last e-mail change scheduled. */
  const runLookup = async () => {
    const entry = scheduled.at(-1)!;
    expect(entry.ms).toBe(EMAIL_LOOKUP_DELAY_MS);
    entry.run();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { store, calls, scheduled, paid, asked, runLookup };
}

describe('securityCodeValid', () => {
  it('valid with no errors, or with none of the invalid_length / invalid_value / invalid_type causes', () => {
    expect(securityCodeValid([])).toBe(true);
    expect(securityCodeValid([{ cause: 'missing_field', message: 'x' }])).toBe(true);
    for (const cause of ['invalid_length', 'invalid_value', 'invalid_type']) expect(securityCodeValid([{ cause, message: 'x' }])).toBe(false);
  });
});

describe('SavedCardStore', () => {
  it('an e-mail change waits, then authenticates with the amount, hides the confirmation and lists the methods', async () => {
    const { store, calls, scheduled, runLookup } = setup();
    store.setEmail('test_user_mx@testuser');
    // Not an e-mail yet: nothing is looked up.
    expect(scheduled).toHaveLength(0);
    store.setEmail('test_user_mx@testuser.com');
    await runLookup();
    expect(calls).toEqual(['authenticator 220.00 test_user_mx@testuser.com', 'show true', 'getAccountPaymentMethods quick-test_user_mx@testuser.com']);
    expect(store.methods.map((m) => m.id)).toEqual(['pst_visa', 'pst_master', 'account_money']);
    expect(store.showingSaved).toBe(true);
    expect(store.selectedId).toBe('pst_visa');
  });

  it('a failed lookup is only logged and leaves no list; clearing the e-mail clears the list', async () => {
    const { store, runLookup } = setup();
    store.setEmail('test_user_mx@testuser.com');
    await runLookup();
    store.clearEmail();
    expect(store.email).toBe('');
    expect(store.methods).toEqual([]);
    expect(store.showingSaved).toBe(false);
    const logged: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      store.setEmail('otra+fail@example.mx');
      await runLookup();
    } finally {
      console.error = original;
    }
    expect(logged).toHaveLength(1);
    expect(store.methods).toEqual([]);
    expect(store.lookingUp).toBe(false);
  });

  it('pay button: a method with a token, not while loading, and a valid code when it is mandatory', async () => {
    const { store, runLookup } = setup();
    expect(store.canPay).toBe(false);
    store.setEmail('test_user_mx@testuser.com');
    await runLookup();
    const code = codeField();
    store.attachCodeField(code.field);
    // The Visa's code is mandatory: off until the field reports a valid code.
    expect(store.codeMandatory).toBe(true);
    expect(store.canPay).toBe(false);
    code.report([{ cause: 'invalid_length', message: 'short' }]);
    expect(store.canPay).toBe(false);
    code.report([]);
    expect(store.canPay).toBe(true);
    // The Mastercard's code is not mandatory: always valid.
    store.select('pst_master');
    expect(store.codeMandatory).toBe(false);
    expect(store.canPay).toBe(true);
    // Account money has no token to pay with here.
    store.select('account_money');
    expect(store.canPay).toBe(false);
    store.select('pst_master');
    store.setEmail('nadie@example.mx');
    expect(store.canPay).toBe(false);
  });

  it('mandatory code: card id → card token → pseudotoken updated → process-payment with that card token', async () => {
    const { store, calls, paid, runLookup } = setup();
    store.setEmail('test_user_mx@testuser.com');
    await runLookup();
    const code = codeField();
    store.attachCodeField(code.field);
    code.report([]);
    calls.length = 0;
    await store.pay();
    expect(calls).toEqual([
      'getCardId quick-test_user_mx@testuser.com pst_visa',
      'createCardToken 9000000001',
      'updatePseudotoken quick-test_user_mx@testuser.com pst_visa card-token-9000000001',
      'pay card-token-9000000001',
    ]);
    expect(paid).toEqual([
      { token: 'card-token-9000000001', installments: 1, paymentMethodId: 'visa', issuer: '162', email: 'test_user_mx@testuser.com', buyer_info: { name: 'Ana López', email: 'test_user_mx@testuser.com', emailConfirm: 'test_user_mx@testuser.com', phone: '5512345678' } },
    ]);
    // Handed over: the button stays off and a second pay does nothing.
    expect(store.succeeded).toBe(true);
    expect(store.canPay).toBe(false);
    await store.pay();
    expect(paid).toHaveLength(1);
  });

  it('offers the chosen saved card\'s plans (asked by its fast-payment token and id) and pays with the months chosen', async () => {
    const plan = (months: number): InstallmentPlan => ({ months, monthly_cents: 66_000 / months, total_cents: 66_000, interest_free: true });
    const { store, paid, asked, runLookup } = setup({ kind: 'handedOver' }, { pst_visa: [plan(3), plan(6)], pst_master: [plan(3)] });
    store.setEmail('test_user_mx@testuser.com');
    await runLookup();
    await vi.waitFor(() => expect(store.plans.form).not.toBeNull());
    expect(asked).toEqual(['quick-test_user_mx@testuser.com pst_visa']);
    expect(store.plans.form!.uiSchema.months['ui:enumNames']).toEqual(['1 pago de $660.00', '3 meses sin intereses de $220.00 (total $660.00)', '6 meses sin intereses de $110.00 (total $660.00)']);
    // Account money has no plan: the choice goes.
    store.select('account_money');
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    expect(store.plans.form).toBeNull();
    store.select('pst_master');
    await vi.waitFor(() => expect(store.plans.form).not.toBeNull());
    store.plans.form!.state.setFormData({ months: 3 });
    await store.pay();
    expect(paid).toEqual([expect.objectContaining({ token: 'card-token-9000000002', installments: 3, paymentMethodId: 'master' })]);
  });

  it('a code that is not mandatory: the card id alone is tokenized, no pseudotoken update', async () => {
    const { store, calls, runLookup } = setup();
    store.setEmail('test_user_mx@testuser.com');
    await runLookup();
    store.select('pst_master');
    calls.length = 0;
    await store.pay();
    expect(calls).toEqual(['getCardId quick-test_user_mx@testuser.com pst_master', 'createCardToken 9000000002', 'pay card-token-9000000002']);
  });

  it('a payment that fails without a payment opens the error dialog, whose button goes to the new-card form', async () => {
    const { store, runLookup } = setup({ kind: 'failed', error: new ApiError(0) });
    store.setEmail('test_user_mx@testuser.com');
    await runLookup();
    store.select('pst_master');
    await store.pay();
    expect(store.error).toEqual({ kind: 'payment', reason: null });
    expect(store.succeeded).toBe(false);
    store.dismissError();
    expect(store.error).toBeNull();
    expect(store.showingSaved).toBe(false);
    expect(store.useNewCard).toBe(true);
  });
});
