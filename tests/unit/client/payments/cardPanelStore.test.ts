import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/client/api/ApiError';
import { CardPanelStore, type CardPanelDeps } from '../../../../src/client/payments/method/CardPanelStore';
import type { StartOutcome } from '../../../../src/client/payments/method/PaymentActions';
import type { CardToken, MercadoPagoInstance, SecureField, SecureFieldEvents } from '../../../../src/client/payments/providers/mercadopagoSdk';
import { installmentsForm } from '../../../../src/client/payments/method/installmentsForm';
import type { InstallmentPlan } from '../../../../src/shared/api/installments';

const form = { cardholderName: ' APRO ', email: 'ana@example.mx', emailConfirm: 'ana@example.mx', phone: '5512345678' };

/** A provider instance answering from `token` (a card token, or what the tokenizer rejects with). */
function provider(token: CardToken | { reject: unknown }) {
  const mounted: string[] = [];
  const holders: string[] = [];
  const binListeners: ((data: SecureFieldEvents['binChange']) => void)[] = [];
  const field = (type: string): SecureField => {
    const self: SecureField = {
      mount: (id) => (mounted.push(`${type}@${id}`), self),
      unmount: () => (mounted.push(`-${type}`), self),
      on: (event, callback) => {
        if (event === 'binChange') binListeners.push(callback as (data: SecureFieldEvents['binChange']) => void);
        return self;
      },
      update: () => self,
    };
    return self;
  };
  const sdk: MercadoPagoInstance = {
    fields: {
      create: (type) => field(type),
      createCardToken: async ({ cardholderName }) => {
        holders.push(cardholderName ?? '');
        if ('reject' in token) throw token.reject;
        return token;
      },
    },
    getPaymentMethods: async ({ bin }) => ({ results: bin.startsWith('4') ? [{ id: 'visa', name: 'Visa', payment_type_id: 'credit_card' }] : [] }),
    getIssuers: async () => [{ id: '310', name: 'Banco' }],
    // The new-card panel never asks for fast payments (SavedCardStore does).
    authenticator: () => Promise.reject(new Error('not used')),
    getAccountPaymentMethods: () => Promise.reject(new Error('not used')),
    getCardId: () => Promise.reject(new Error('not used')),
    updatePseudotoken: () => Promise.reject(new Error('not used')),
  };
  return { sdk, mounted, holders, binListeners };
}

const visaToken: CardToken = {
  id: 'tok-1', first_six_digits: '407559', last_four_digits: '3764', expiration_month: 11, expiration_year: 2030, security_code_length: 3, cardholder: { name: 'APRO' },
};

const wording = { amountCents: 150_000, currency: 'MXN', lang: 'es' as const, label: 'Pagos', onePayment: (amount: string) => `1 pago de ${amount}` };
const noPlans = { plansFor: async () => [], planForm: (plans: InstallmentPlan[]) => installmentsForm(plans, wording, 'plan') };

function setup(token: CardToken | { reject: unknown }, options: { bins?: string[]; outcome?: StartOutcome; plans?: Record<string, InstallmentPlan[]> } = {}) {
  const { sdk, mounted, holders, binListeners } = provider(token);
  const paid: unknown[] = [];
  const asked: string[][] = [];
  const deps: CardPanelDeps = {
    loadSdk: async () => sdk,
    allowedBins: () => options.bins ?? [],
    pay: async (details) => (paid.push(details), options.outcome ?? { kind: 'handedOver' }),
    plansFor: async (bin, paymentMethodId) => (asked.push([bin, paymentMethodId]), options.plans?.[bin] ?? []),
    planForm: noPlans.planForm,
  };
  return { store: new CardPanelStore(deps), mounted, holders, paid, asked, binListeners };
}

describe('CardPanelStore', () => {
  it('mounts the secure fields only once the provider is loaded, and unmounts them', async () => {
    const { store, mounted } = setup(visaToken);
    expect(store.host.mount('cardNumber', 'c1', 'Número')()).toBeUndefined();
    expect(mounted).toEqual([]);
    await store.open();
    expect(store.sdkState).toBe('ready');
    const unmount = store.host.mount('expirationDate', 'c2', 'Vencimiento');
    unmount();
    expect(mounted).toEqual(['expirationDate@c2', '-expirationDate']);
  });

  it('a failed provider load is reported and may be retried', async () => {
    let calls = 0;
    const store = new CardPanelStore({
      loadSdk: async () => {
        calls += 1;
        if (calls === 1) throw new Error('offline');
        return provider(visaToken).sdk;
      },
      allowedBins: () => [],
      pay: async () => ({ kind: 'handedOver' }),
      ...noPlans,
    });
    await store.open();
    expect(store.sdkState).toBe('failed');
    await store.open();
    expect(store.sdkState).toBe('ready');
  });

  it('pays with the token, one installment, the method and issuer of its BIN, and the buyer', async () => {
    const { store, holders, paid } = setup(visaToken);
    await store.open();
    expect(await store.pay(form)).toEqual([]);
    expect(holders).toEqual(['APRO']);
    expect(paid).toEqual([
      { token: 'tok-1', installments: 1, paymentMethodId: 'visa', issuer: '310', email: 'ana@example.mx', buyer_info: { name: 'APRO', email: 'ana@example.mx', emailConfirm: 'ana@example.mx', phone: '5512345678' } },
    ]);
    expect(store.error).toBeNull();
    expect(store.tokenizing).toBe(false);
    // Handed over: a second submit is ignored.
    expect(store.succeeded).toBe(true);
    await store.pay(form);
    expect(paid).toHaveLength(1);
  });

  it('a submit while one is tokenizing is ignored', async () => {
    const { store, paid } = setup(visaToken);
    await store.open();
    await Promise.all([store.pay(form), store.pay(form)]);
    expect(paid).toHaveLength(1);
  });

  it('a BIN outside a non-empty allowed list: the message, and no payment', async () => {
    const { store, paid } = setup(visaToken, { bins: ['547492'] });
    await store.open();
    await store.pay(form);
    expect(store.error).toEqual({ kind: 'bin' });
    expect(paid).toEqual([]);
  });

  it('an allowed BIN pays', async () => {
    const { store, paid } = setup(visaToken, { bins: ['547492', '407559'] });
    await store.open();
    await store.pay(form);
    expect(paid).toHaveLength(1);
  });

  it('tokenizer errors become sentences by cause; anything else is unexpected', async () => {
    const rejected = setup({ reject: [{ field: 'cardNumber', cause: 'invalid_value' }] });
    await rejected.store.open();
    await rejected.store.pay(form);
    expect(rejected.store.error).toEqual({ kind: 'token', messages: [{ key: 'errors:cardToken.invalidValue', values: { field: 'cardNumber' } }] });
    expect(rejected.paid).toEqual([]);

    const broken = setup({ reject: new Error('boom') });
    await broken.store.open();
    await broken.store.pay(form);
    expect(broken.store.error).toEqual({ kind: 'token', messages: [{ key: 'errors:cardToken.unexpected' }] });
  });

  it("a failed payment keeps the server's reason (for the error dialog); the buyer's refused fields land on the card form", async () => {
    const refused = setup(visaToken, { outcome: { kind: 'failed', error: new ApiError(422, 'La tarjeta no es válida.', 'CARD_TOKEN_INVALID') } });
    await refused.store.open();
    await refused.store.pay(form);
    expect(refused.store.error).toEqual({ kind: 'payment', reason: 'La tarjeta no es válida.' });
    refused.store.dismissError();
    expect(refused.store.error).toBeNull();

    const expired = setup(visaToken, { outcome: { kind: 'failed', error: new ApiError(410, 'x') } });
    await expired.store.open();
    await expired.store.pay(form);
    expect(expired.store.error).toBeNull();

    const invalid = setup(visaToken, { outcome: { kind: 'invalid', problems: [{ pointer: '/phone', message: 'errors:buyer.phoneDigits' }, { pointer: '/name', message: 'm' }] } });
    await invalid.store.open();
    expect(await invalid.store.pay(form)).toEqual([
      { pointer: '/phone', message: 'errors:buyer.phoneDigits' },
      { pointer: '/cardholderName', message: 'm' },
    ]);
  });

  it('offers the plans of the card number\'s BIN, "1 pago" first, and pays with the months chosen', async () => {
    const six: InstallmentPlan = { months: 6, monthly_cents: 25_000, total_cents: 150_000, interest_free: true };
    const { store, paid, asked, binListeners } = setup(visaToken, { plans: { '450995': [{ ...six, months: 3, monthly_cents: 50_000 }, six] } });
    await store.open();
    store.host.mount('cardNumber', 'c1', 'Número');
    binListeners.forEach((listener) => listener({ field: 'cardNumber', bin: '45099535' }));
    await vi.waitFor(() => expect(store.planForm).not.toBeNull());
    expect(asked).toEqual([['450995', 'visa']]);
    expect(store.planForm!.uiSchema.months['ui:enumNames']).toEqual(['1 pago de $1,500.00', '3 meses sin intereses de $500.00 (total $1,500.00)', '6 meses sin intereses de $250.00 (total $1,500.00)']);
    store.planForm!.state.setFormData({ months: 6 });
    await store.pay(form);
    expect(paid).toMatchObject([{ installments: 6 }]);
    // A debit card's BIN: no plans, nothing shown, one payment.
    binListeners.forEach((listener) => listener({ field: 'cardNumber', bin: '41891412' }));
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    expect(store.planForm).toBeNull();
  });
});
