import { makeAutoObservable, runInAction } from 'mobx';
import { cardTokenMessages } from '../../../shared/forms/card-token-errors';
import type { AccountPaymentMethod, FieldErrorMessage, MercadoPagoInstance, SecureField } from '../providers/mercadopagoSdk';
import type { AnswerProblem } from '../../../shared/attendee-form/attendee-form.types';
import type { AccountPlanChoice } from './AccountPlanChoice';
import type { StartOutcome } from './PaymentActions';
import { paymentFailure, type CardPanelError, type CardPaymentDetails } from './CardPanelStore';

/** The wait after the last keystroke in the e-mail before its account is looked up. */
export const EMAIL_LOOKUP_DELAY_MS = 500;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The security-code causes that make a typed code unusable (MercadoPago's `validityChange` causes). */
const CODE_PROBLEMS = new Set(['invalid_length', 'invalid_value', 'invalid_type']);

/** A typed security code is valid when the field reports no error, or none of the causes above. */
export function securityCodeValid(errors: readonly FieldErrorMessage[]): boolean {
  return errors.length === 0 || !errors.some((error) => CODE_PROBLEMS.has(error.cause));
}

/** The buyer-form refusals this view shows (`/name`, `/phone`); the e-mail is the looked-up account's. */
function fieldProblemsOf(problems: readonly AnswerProblem[]): SavedCardStore['fieldProblems'] {
  const shown: SavedCardStore['fieldProblems'] = {};
  for (const problem of problems) {
    if (problem.pointer === '/name' || problem.pointer === '/phone') shown[problem.pointer.slice(1) as 'name' | 'phone'] ??= problem.message;
  }
  return shown;
}

export interface SavedCardDeps {
  /** The provider's SDK once loaded (null before). */
  sdk(): MercadoPagoInstance | null;
  /** The order total as the authenticator wants it: a string with 2 decimals. */
  amount(): string;
  /** The buyer's name and phone known from the order, to start the saved-card form with. */
  buyer(): { name: string; phone: string } | null;
  pay(details: CardPaymentDetails): Promise<StartOutcome>;
  /** The chosen card's plans (meses sin intereses), asked of our server for each choice. */
  plans: AccountPlanChoice;
  /** Runs `run` after `ms` (setTimeout in the browser); answers the cancel. */
  schedule(run: () => void, ms: number): () => void;
}

/**
 * The saved methods of the buyer's MercadoPago account in the wallet provider's panel: an
 * e-mail change (after a short wait) asks the SDK's fast payments for a quick-payment token
 * and the account's methods — a failure is only logged and leaves no list. A saved card pays
 * with a card token made from its card id; when its security code is mandatory, the code is
 * typed in the provider's field and the pseudotoken is updated with that card token first.
 * Each chosen card shows the plans our server offers for it (`plans`); the months go with the payment.
 */
export class SavedCardStore {
  email = '';
  /** The buyer's name and phone for `buyer_info` (the e-mail is the account's). */
  name: string;
  phone: string;
  /** The server's refusals of the name or phone (an i18n key or a sentence each). */
  fieldProblems: Partial<Record<'name' | 'phone', string>> = {};
  methods: AccountPaymentMethod[] = [];
  selectedId: string | null = null;
  /** The buyer chose to type a new card instead of a saved method. */
  useNewCard = false;
  lookingUp = false;
  paying = false;
  /** A payment was handed over: the button stays off until the page changes. */
  succeeded = false;
  codeValid = false;
  error: CardPanelError | null = null;
  /** The chosen card's plans (deps.plans). */
  readonly plans: AccountPlanChoice;
  private quickToken: string | null = null;
  private lookupSequence = 0;
  private cancelLookup: (() => void) | null = null;

  constructor(private readonly deps: SavedCardDeps) {
    const buyer = deps.buyer();
    this.name = buyer?.name ?? '';
    this.phone = buyer?.phone ?? '';
    this.plans = deps.plans;
    makeAutoObservable<SavedCardStore, 'deps' | 'quickToken' | 'lookupSequence' | 'cancelLookup'>(
      this,
      { deps: false, plans: false, quickToken: false, lookupSequence: false, cancelLookup: false },
      { autoBind: true },
    );
  }

  get selected(): AccountPaymentMethod | null {
    return this.methods.find((method) => method.id === this.selectedId) ?? null;
  }

  /** The saved list replaces the new-card form while the account has methods and the buyer has not chosen a new card. */
  get showingSaved(): boolean {
    return this.methods.length > 0 && !this.useNewCard;
  }

  get codeMandatory(): boolean {
    return this.selected?.security_code_settings?.mode === 'mandatory';
  }

  /** Pay: not while loading or paying, a method with a token chosen, and its code valid when mandatory. */
  get canPay(): boolean {
    if (this.lookingUp || this.paying || this.succeeded) return false;
    if (!this.selected?.pseudotoken) return false;
    return !this.codeMandatory || this.codeValid;
  }

  /** The e-mail changed: forget the old account's list at once and look the new one up after the wait. */
  setEmail(value: string): void {
    if (value === this.email) return;
    this.email = value;
    this.clearList();
    this.cancelLookup?.();
    this.cancelLookup = EMAIL.test(value.trim()) ? this.deps.schedule(() => void this.lookup(), EMAIL_LOOKUP_DELAY_MS) : null;
  }

  /** The 'x' of the e-mail field. */
  clearEmail(): void {
    this.setEmail('');
  }

  /** Asks the account's methods for the current e-mail (the newest request wins). */
  async lookup(): Promise<void> {
    const sdk = this.deps.sdk();
    const email = this.email.trim();
    if (!sdk || !EMAIL.test(email)) return;
    const sequence = ++this.lookupSequence;
    this.lookingUp = true;
    try {
      const authenticator = await sdk.authenticator(this.deps.amount(), email);
      // The page asks for no confirmation here: choosing and paying is the buyer's confirmation.
      const token = await authenticator.show({ hideUserConfirmation: true });
      const { results } = await sdk.getAccountPaymentMethods(token);
      if (sequence !== this.lookupSequence) return;
      runInAction(() => {
        this.quickToken = token;
        this.methods = results;
        this.useNewCard = false;
        // The first payable method is chosen for the buyer.
        this.selectedId = results.find((method) => method.pseudotoken)?.id ?? null;
        this.codeValid = false;
      });
      void this.plans.ask(token, this.selected);
    } catch (error) {
      console.error('Could not read the saved payment methods of this account', error);
      if (sequence === this.lookupSequence) this.clearList();
    } finally {
      if (sequence === this.lookupSequence) runInAction(() => (this.lookingUp = false));
    }
  }

  setName(value: string): void {
    this.name = value;
    delete this.fieldProblems.name;
  }

  setPhone(value: string): void {
    this.phone = value;
    delete this.fieldProblems.phone;
  }

  select(id: string): void {
    this.selectedId = id;
    this.codeValid = false;
    this.error = null;
    void this.plans.ask(this.quickToken, this.selected);
  }

  chooseNewCard(): void {
    this.useNewCard = true;
    this.error = null;
  }

  chooseSaved(): void {
    this.useNewCard = false;
  }

  /** The security-code field of a saved card (the SDK tokenizes from it): its validity drives the pay button. */
  attachCodeField(field: SecureField | null): void {
    this.codeValid = false;
    field?.on('validityChange', ({ errorMessages }) => runInAction(() => (this.codeValid = securityCodeValid(errorMessages))));
  }

  /** The error dialog's button: back to the new-card form. */
  dismissError(): void {
    this.error = null;
    this.useNewCard = true;
  }

  /**
   * Pays with the chosen saved card. Mandatory code: card id (quick token + pseudotoken) → card
   * token from the card id and the code in the provider's field → pseudotoken updated with it →
   * process-payment with that card token. Otherwise the card id alone is tokenized.
   */
  async pay(): Promise<void> {
    const sdk = this.deps.sdk();
    const method = this.selected;
    if (!sdk || !method?.pseudotoken || !this.quickToken || !this.canPay) return;
    const quickToken = this.quickToken;
    const pseudotoken = method.pseudotoken;
    this.paying = true;
    this.error = null;
    try {
      let cardToken: string;
      try {
        const { card_id } = await sdk.getCardId(quickToken, pseudotoken);
        const token = await sdk.fields.createCardToken({ cardId: card_id });
        if (this.codeMandatory) await sdk.updatePseudotoken(quickToken, pseudotoken, token.id);
        cardToken = token.id;
      } catch (error) {
        console.error('Could not tokenize the saved card', error);
        runInAction(() => (this.error = { kind: 'token', messages: cardTokenMessages(error) }));
        return;
      }
      const email = this.email.trim();
      const outcome = await this.deps.pay({
        token: cardToken,
        installments: this.plans.months,
        paymentMethodId: method.payment_method.id,
        issuer: method.issuer.id,
        email,
        buyer_info: { name: this.name.trim(), email, emailConfirm: email, phone: this.phone },
      });
      runInAction(() => {
        if (outcome.kind === 'handedOver') this.succeeded = true;
        else if (outcome.kind === 'invalid') this.fieldProblems = fieldProblemsOf(outcome.problems);
        else this.error = paymentFailure(outcome.error);
      });
    } finally {
      runInAction(() => (this.paying = false));
    }
  }

  private clearList(): void {
    this.lookupSequence += 1;
    this.lookingUp = false;
    this.quickToken = null;
    this.methods = [];
    this.selectedId = null;
    this.codeValid = false;
    this.plans.clear();
  }

  dispose(): void {
    this.cancelLookup?.();
    this.lookupSequence += 1;
  }
}
