import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/client/api/ApiError';
import { CardPanelStore, type CardPanelDeps } from '../../../../src/client/payments/method/CardPanelStore';
import type { StartOutcome } from '../../../../src/client/payments/method/PaymentActions';
import type { CardToken, MercadoPagoInstance, SecureField } from '../../../../src/client/payments/providers/mercadopagoSdk';

const form = { cardholderName: ' APRO ', email: 'ana@example.mx', emailConfirm: 'ana@example.mx', phone: '5512345678' };

/** A provider instance answering from `token` (a card token, or what the tokenizer rejects with). */
function provider(token: CardToken | { reject: unknown }) {
  const mounted: string[] = [];
  const holders: string[] = [];
  const field = (type: string): SecureField => {
    const self: SecureField = {
      mount: (id) => (mounted.push(`${type}@${id}`), self),
      unmount: () => (mounted.push(`-${type}`), self),
      on: () => self,
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
  return { sdk, mounted, holders };
}

const visaToken: CardToken = {
  id: 'tok-1', first_six_digits: '407559', last_four_digits: '3764', expiration_month: 11, expiration_year: 2030, security_code_length: 3, cardholder: { name: 'APRO' },
};

function setup(token: CardToken | { reject: unknown }, options: { bins?: string[]; outcome?: StartOutcome } = {}) {
  const { sdk, mounted, holders } = provider(token);
  const paid: unknown[] = [];
  const deps: CardPanelDeps = {
    loadSdk: async () => sdk,
    allowedBins: () => options.bins ?? [],
    pay: async (details) => (paid.push(details), options.outcome ?? { kind: 'handedOver' }),
  };
  return { store: new CardPanelStore(deps), mounted, holders, paid };
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
});
