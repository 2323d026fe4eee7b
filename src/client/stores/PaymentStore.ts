import { makeAutoObservable } from 'mobx';
import type { RootStore } from './RootStore';

export type PaymentMethodId = 'free' | 'openpay' | 'card' | 'bankTransfer' | 'cash' | 'superToken' | 'stripe' | 'paypal';

function flag(config: Record<string, unknown> | undefined, name: string): boolean {
  const value = config?.[name];
  return value === true || value === 1 || value === '1' || value === 'true';
}

/**
 * Payment-method list and per-method flags. Minimal for now: the payment step
 * (a later issue) adds the panels; the list rules of spec §4 already live here.
 */
export class PaymentStore {
  /** Set after a failed payment; narrows the list when the second card provider is on. */
  errorFlag = false;

  constructor(private readonly root: RootStore) {
    makeAutoObservable<PaymentStore, 'root'>(this, { root: false }, { autoBind: true });
  }

  setErrorFlag(value: boolean): void {
    this.errorFlag = value;
  }

  /** Spec §4 "Payment method list", in display order. */
  get methods(): PaymentMethodId[] {
    const config = this.root.event.event?.config as Record<string, unknown> | undefined;
    if (this.root.checkout.payableTotalCents === 0 && this.root.checkout.hasTickets) return ['free'];
    if (flag(config, 'metodo_pago_open_pay') && this.errorFlag) return ['openpay'];
    if (flag(config, 'tarjetas_amex')) return ['card'];
    const methods: PaymentMethodId[] = [];
    if (flag(config, 'metodo_pago_fintoc')) methods.push('bankTransfer');
    if (flag(config, 'metodo_pago_mercadopago_tarjetas')) methods.push('card');
    if (flag(config, 'metodo_pago_mercadopago_efectivo')) methods.push('cash');
    if (flag(config, 'metodo_pago_mercadopago_supertoken')) methods.push('superToken');
    if (['metodo_pago_stripe_tarjeta', 'metodo_pago_stripe_google_pay', 'metodo_pago_stripe_apple_pay'].some((name) => flag(config, name))) {
      methods.push('stripe');
    }
    if (flag(config, 'metodo_pago_paypal')) methods.push('paypal');
    return methods;
  }
}
