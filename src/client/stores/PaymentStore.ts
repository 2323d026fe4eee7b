import { makeAutoObservable } from 'mobx';
import { pesosToCents } from '../../shared/money';
import type { RootStore } from './RootStore';

export type PaymentMethodId = 'free' | 'openpay' | 'card' | 'bankTransfer' | 'cash' | 'superToken' | 'stripe' | 'paypal';

/**
 * The methods this storefront can take today. Card methods (wallet-provider cards, super
 * token, second card provider, card payment provider) come with a later issue: until
 * then they are never offered, even when the event config switches them on.
 */
export const IMPLEMENTED_METHODS: ReadonlySet<PaymentMethodId> = new Set<PaymentMethodId>(['free', 'bankTransfer', 'cash', 'paypal']);

/** The event-config flags of each paid method (any one switches it on); the free claim depends on the total only. */
const METHOD_FLAGS: Record<Exclude<PaymentMethodId, 'free'>, readonly string[]> = {
  openpay: ['metodo_pago_open_pay'],
  bankTransfer: ['metodo_pago_fintoc'],
  card: ['metodo_pago_mercadopago_tarjetas'],
  cash: ['metodo_pago_mercadopago_efectivo'],
  superToken: ['metodo_pago_mercadopago_supertoken'],
  stripe: ['metodo_pago_stripe_tarjeta', 'metodo_pago_stripe_google_pay', 'metodo_pago_stripe_apple_pay'],
  paypal: ['metodo_pago_paypal'],
};

/** The display order of the regular list (docs/product-rules.md, *Payment method list*). */
const LIST_ORDER: readonly PaymentMethodId[] = ['bankTransfer', 'card', 'cash', 'superToken', 'stripe', 'paypal'];

function flag(config: Record<string, unknown> | undefined, name: string): boolean {
  const value = config?.[name];
  return value === true || value === 1 || value === '1' || value === 'true';
}

/** True when the event config switches `method` on (any of its flags). */
export function methodEnabledInConfig(config: Record<string, unknown> | undefined, method: Exclude<PaymentMethodId, 'free'>): boolean {
  return METHOD_FLAGS[method].some((name) => flag(config, name));
}

export interface MethodListInput {
  /** amount + amountProductos, in centavos: the total the method list judges. */
  totalCents: number;
  hasTickets: boolean;
  config: Record<string, unknown> | undefined;
  /** The payment-methods error flag (set after a failed payment). */
  errorFlag: boolean;
  /** Whether a method may be offered at all (config aside); all by default. */
  available?: (method: PaymentMethodId) => boolean;
}

/**
 * The payment method list (docs/product-rules.md, *Payment method list*), in display order: a 0 total offers only the free claim
 * (the server refuses it for any other total, so no flag is needed); the second card
 * provider alone after a failed payment; the card alone for Amex events; otherwise every
 * enabled method in `LIST_ORDER`. A method that is not `available` counts as off.
 */
export function paymentMethodList(input: MethodListInput): PaymentMethodId[] {
  const available = input.available ?? (() => true);
  if (input.totalCents === 0 && input.hasTickets) return available('free') ? ['free'] : [];
  const on = (method: Exclude<PaymentMethodId, 'free'>) => available(method) && methodEnabledInConfig(input.config, method);
  if (on('openpay') && input.errorFlag) return ['openpay'];
  // Amex-only events take cards and nothing else; with no card method available, nothing is offered.
  if (flag(input.config, 'tarjetas_amex')) return available('card') ? ['card'] : [];
  return LIST_ORDER.filter((method) => on(method as Exclude<PaymentMethodId, 'free'>));
}

/**
 * Payment-methods state: the method list rules, the error flag, which panel is
 * open and which one is submitting. The server round trips live in `payments/` (a lazy
 * chunk); this store is what every page may read.
 */
export class PaymentStore {
  /** Set after a failed payment; narrows the list when the second card provider is on. */
  errorFlag = false;
  /** The panel the buyer opened or closed; undefined until they touch the accordion. */
  private chosenPanel: PaymentMethodId | null | undefined = undefined;
  /** The panel whose request is running: its fields and button are disabled. */
  submitting: PaymentMethodId | null = null;
  /** The last method whose start failed (per-method error flag). */
  failedMethod: PaymentMethodId | null = null;
  /** A method started and the page is handing over (to a provider or a loader). */
  leaving = false;

  constructor(private readonly root: RootStore) {
    makeAutoObservable<PaymentStore, 'root'>(this, { root: false }, { autoBind: true });
  }

  setErrorFlag(value: boolean): void {
    this.errorFlag = value;
  }

  /**
   * The open panel of the accordion (per-method view flag). A single offered method is open
   * from the first render — derived, not set by an effect, so nothing can race the buyer's first click.
   */
  get expanded(): PaymentMethodId | null {
    if (this.chosenPanel !== undefined) return this.chosenPanel;
    const offered = this.offeredMethods;
    return offered.length === 1 ? offered[0] : null;
  }

  /** Opens one panel (null closes them); ignored while a panel is submitting. */
  setExpanded(method: PaymentMethodId | null): void {
    if (this.submitting) return;
    this.chosenPanel = method;
  }

  setSubmitting(method: PaymentMethodId | null): void {
    this.submitting = method;
  }

  setFailedMethod(method: PaymentMethodId | null): void {
    this.failedMethod = method;
  }

  setLeaving(value: boolean): void {
    this.leaving = value;
  }

  /** Total for the method list: the server's amount + amountProductos once priced, the local summary before. */
  get totalCents(): number {
    const { checkout } = this.root;
    if (checkout.amount === null) return checkout.payableTotalCents;
    return pesosToCents(checkout.amount) + pesosToCents(checkout.amountProductos ?? 0);
  }

  private listInput(): MethodListInput {
    return {
      totalCents: this.totalCents,
      hasTickets: this.root.checkout.hasTickets,
      config: this.root.event.event?.config as Record<string, unknown> | undefined,
      errorFlag: this.errorFlag,
    };
  }

  /** The payment method list over the event config, in display order. */
  get methods(): PaymentMethodId[] {
    return paymentMethodList(this.listInput());
  }

  /** What the payment page offers: the same rule, counting methods not implemented yet as off. */
  get offeredMethods(): PaymentMethodId[] {
    return paymentMethodList({ ...this.listInput(), available: (method) => IMPLEMENTED_METHODS.has(method) });
  }

  /** `config.tarjetas_amex` picks the Amex logo over the generic cards logo. */
  get cardBrand(): 'amex' | 'cards' {
    return flag(this.root.event.event?.config as Record<string, unknown> | undefined, 'tarjetas_amex') ? 'amex' : 'cards';
  }

  /** Forgets the page state (a new visit of the payment step). */
  resetView(): void {
    this.submitting = null;
    this.leaving = false;
    this.failedMethod = null;
  }
}
