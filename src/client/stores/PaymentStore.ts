import { makeAutoObservable } from 'mobx';
import { pesosToCents } from '../../shared/money';
import { isAmexOnly, offeredMethodList, paymentMethodList, type MethodListInput, type PaymentMethodId } from '../../shared/payment-methods';
import type { RootStore } from './RootStore';

/** A 3-D Secure challenge under way: the issuer's page and the CReq it is opened with. */
export interface CardChallenge {
  url: string;
  creq: string;
}

/**
 * Payment-methods state: the method list (its rule is shared with the server, src/shared/payment-methods.ts),
 * the error flag, which panel is open and which one is submitting. The server round trips live in `payments/` (a lazy
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
  /** The issuer's 3-D Secure page the buyer must answer before the card payment goes on. */
  challenge: CardChallenge | null = null;
  private challengeDone: (() => void) | null = null;

  constructor(private readonly root: RootStore) {
    makeAutoObservable<PaymentStore, 'root' | 'challengeDone'>(this, { root: false, challengeDone: false }, { autoBind: true });
  }

  /** Shows the issuer's challenge; resolves once the buyer has answered it (or the page state is reset). */
  openChallenge(challenge: CardChallenge): Promise<void> {
    this.finishChallenge();
    this.challenge = challenge;
    return new Promise((resolve) => {
      this.challengeDone = resolve;
    });
  }

  /** The challenge is over (the issuer's frame said so): the card payment goes on to its loader. */
  finishChallenge(): void {
    const done = this.challengeDone;
    this.challengeDone = null;
    this.challenge = null;
    done?.();
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

  /** The method list rule over the event config, in display order. */
  get methods(): PaymentMethodId[] {
    return paymentMethodList(this.listInput());
  }

  /** What the payment page offers: the same rule, counting methods not implemented yet as off. */
  get offeredMethods(): PaymentMethodId[] {
    return offeredMethodList(this.listInput());
  }

  /** `config.tarjetas_amex` picks the Amex logo over the generic cards logo. */
  get cardBrand(): 'amex' | 'cards' {
    return isAmexOnly(this.root.event.event?.config as Record<string, unknown> | undefined) ? 'amex' : 'cards';
  }

  /** Forgets the page state (a new visit of the payment step). */
  resetView(): void {
    this.submitting = null;
    this.leaving = false;
    this.failedMethod = null;
    this.finishChallenge();
  }
}
