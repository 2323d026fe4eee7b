import { makeAutoObservable, runInAction } from 'mobx';
import type { SuperTokenOrderRequest } from '../../api/paymentTypes';
import type { AccountPaymentMethod, FastPaymentsSdk } from '../providers/mercadopagoFastPayments';
import type { AccountPlanChoice } from './AccountPlanChoice';
import type { StartOutcome } from './PaymentActions';

/** The authenticator starts this long after the last change of a valid e-mail (not on every keystroke). */
export const AUTHENTICATOR_DELAY_MS = 500;

/** Super token (the account's saved methods) by default; plain card entry once the authenticator cannot be used. */
export type SuperTokenMode = 'superToken' | 'card';

/** Where the super-token path stands: waiting for a valid e-mail, confirming the account, choosing a method, paying, or failed. */
export type SuperTokenPhase = 'email' | 'authenticating' | 'choosing' | 'paying' | 'failed';

export interface SuperTokenPanelDeps {
  loadSdk(): Promise<FastPaymentsSdk>;
  /** The purchase's total as the authenticator takes it ("220.00"); the server charges its own. */
  amount(): string;
  pay(details: Omit<SuperTokenOrderRequest, 'purchase_id' | 'lang'>): Promise<StartOutcome>;
  /** The chosen method's plans (meses sin intereses), asked of our server for each choice. */
  plans: AccountPlanChoice;
  /** Sets the payment-methods error flag (after a failed order). */
  setErrorFlag(): void;
  wait(ms: number): Promise<void>;
}

/**
 * The super-token panel's state: a valid e-mail, 500 ms without change, then the provider's
 * authenticator (the buyer confirms the account in the provider's own dialog; the page's user
 * confirmation is hidden) gives a fast-payment token; the account's methods are listed; paying
 * sends create-order with the months of the plan chosen for the method's card (`plans`). The authenticator failing switches to plain card entry; a failed order
 * sets the error flag and shows the error screen (retry, another e-mail, another card). Every
 * change of e-mail or action starts a new `run`, so an older, slower answer is dropped.
 */
export class SuperTokenPanelStore {
  mode: SuperTokenMode = 'superToken';
  phase: SuperTokenPhase = 'email';
  methods: AccountPaymentMethod[] = [];
  selectedId: string | null = null;
  /** The chosen method's plans (deps.plans). */
  readonly plans: AccountPlanChoice;
  private email = '';
  private token: string | null = null;
  private run = 0;

  constructor(private readonly deps: SuperTokenPanelDeps) {
    this.plans = deps.plans;
    makeAutoObservable<SuperTokenPanelStore, 'deps' | 'run' | 'token' | 'email'>(this, { deps: false, plans: false, run: false, token: false, email: false });
  }

  get selected(): AccountPaymentMethod | undefined {
    return this.methods.find((method) => method.id === this.selectedId);
  }

  get canPay(): boolean {
    return this.phase === 'choosing' && this.token !== null && this.selected !== undefined;
  }

  select(id: string): void {
    this.selectedId = id;
    void this.plans.ask(this.token, this.selected);
  }

  /** The e-mail field changed: a valid one starts the authenticator after the wait, unless it changes again. */
  async emailChanged(email: string, valid: boolean): Promise<void> {
    if (this.mode !== 'superToken' || this.phase === 'paying') return;
    const run = this.restart();
    this.phase = 'email';
    if (!valid) return;
    await this.deps.wait(AUTHENTICATOR_DELAY_MS);
    if (run === this.run) await this.authenticate(email.trim(), run);
  }

  /** Pays with the chosen method: create-order, then the loader (handed over by `deps.pay`). */
  async pay(): Promise<void> {
    const method = this.selected;
    if (!this.canPay || !method || !this.token) return;
    this.phase = 'paying';
    const outcome = await this.deps.pay({ token: this.token, id: method.id, type: method.type, installments: this.plans.months, email: this.email });
    if (outcome.kind === 'handedOver') return;
    runInAction(() => {
      // A fast-payment token pays once: a retry confirms the account again.
      this.token = null;
      this.phase = 'failed';
    });
    this.deps.setErrorFlag();
  }

  /** The error screen's "retry": the same e-mail, a new confirmation of the account. */
  retry(): Promise<void> {
    return this.authenticate(this.email, this.restart());
  }

  /** The error screen's "another e-mail": back to an empty e-mail field. */
  useAnotherEmail(): void {
    this.restart();
    this.email = '';
    this.phase = 'email';
  }

  /** Plain card entry (the error screen's "another card", or the authenticator failing). */
  useCard(): void {
    this.restart();
    this.mode = 'card';
  }

  private restart(): number {
    this.run += 1;
    this.token = null;
    this.methods = [];
    this.selectedId = null;
    this.plans.clear();
    return this.run;
  }

  private async authenticate(email: string, run: number): Promise<void> {
    this.email = email;
    this.phase = 'authenticating';
    try {
      const sdk = await this.deps.loadSdk();
      const authenticator = await sdk.authenticator(this.deps.amount(), email);
      if (run !== this.run) return;
      const token = await authenticator.show({ hideUserConfirmation: true });
      const { results } = await sdk.getAccountPaymentMethods(token);
      if (run !== this.run) return;
      runInAction(() => {
        this.token = token;
        this.methods = results;
        this.selectedId = results[0]?.id ?? null;
        this.phase = 'choosing';
      });
      void this.plans.ask(token, this.selected);
    } catch (error) {
      // Not usable for this e-mail (not supported, refused, cancelled): the buyer types a card instead.
      console.warn('The super-token authenticator failed; switching to card entry', error);
      if (run === this.run) runInAction(() => this.useCard());
    }
  }
}
