import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { ApiError } from '../../api/ApiError';
import type { SecureFieldHost } from '../../../../renderers/widgets/SecureField/SecureFieldContext';
import { cardTokenMessages, type KeyedMessage } from '../../../shared/forms/card-token-errors';
import type { AnswerProblem } from '../../../shared/attendee-form/attendee-form.types';
import type { MercadoPagoInstance, SecureField, SecureFieldType } from '../providers/mercadopagoSdk';
import type { StartOutcome } from './PaymentActions';
import type { ProcessCardPaymentRequest } from '../../api/paymentTypes';
import type { InstallmentPlan } from '../../../shared/api/installments';
import type { StaticForm } from '../../forms/staticForms';
import { chosenMonths, type PlanChoice } from './installmentsForm';

/** The new-card form's own data (schemas/forms/wallet-card); the card itself stays in the provider's fields. */
export interface WalletCardForm {
  cardholderName: string;
  email: string;
  emailConfirm?: string;
  phone: string;
}

/** What the panel shows after a failed try: tokenizer messages, a refused BIN, or the failed payment (with the server's reason). */
export type CardPanelError =
  | { kind: 'token'; messages: KeyedMessage[] }
  | { kind: 'bin' }
  | { kind: 'payment'; reason: string | null };

/** What a card panel sends to process-payment (the purchase and language are added by PaymentActions). */
export type CardPaymentDetails = Omit<ProcessCardPaymentRequest, 'purchase_id' | 'lang'>;

/**
 * A payment that failed without reaching a payment of its own (a declined one goes to its
 * loader instead): the server's reason, if any. The hold running out is not one: PaymentActions
 * already told the buyer and left the page.
 */
export function paymentFailure(error: unknown): CardPanelError | null {
  if (error instanceof ApiError && error.status === 410) return null;
  return { kind: 'payment', reason: error instanceof ApiError ? (error.mensaje ?? null) : null };
}

export interface CardPanelDeps {
  loadSdk(): Promise<MercadoPagoInstance>;
  /** The event's allowed BINs (empty: every card). */
  allowedBins(): readonly string[];
  pay(details: CardPaymentDetails): Promise<StartOutcome>;
  /** The plans our server offers for the card of this BIN and payment method and the purchase's total (none: one payment). */
  plansFor(bin: string, paymentMethodId: string): Promise<InstallmentPlan[]>;
  /** The plans' choice as a form of our schema engine. */
  planForm(plans: InstallmentPlan[]): StaticForm<PlanChoice>;
}

/** The provider's secure fields: the expiry in its short form (MM/AA). */
const FIELD_OPTIONS: Record<SecureFieldType, { mode?: 'short' }> = { cardNumber: {}, expirationDate: { mode: 'short' }, securityCode: {} };

const isSecureFieldType = (name: string): name is SecureFieldType => name in FIELD_OPTIONS;

/** The buyer form's pointers on the new-card form (the server judges `buyer_info`). */
const BUYER_TO_CARD: Record<string, string> = { '/name': '/cardholderName', '/email': '/email', '/emailConfirm': '/emailConfirm', '/phone': '/phone' };

/**
 * The wallet provider's new-card panel: loads the provider's script when the panel opens,
 * mounts its secure fields for the `secureField` widgets, and pays: card token in the
 * browser, the allowed-BIN check on the token's first six digits (the server checks again
 * before charging), then process-payment through `deps.pay`.
 */
export class CardPanelStore {
  sdkState: 'idle' | 'loading' | 'ready' | 'failed' = 'idle';
  tokenizing = false;
  /** A payment was handed over (to its loader): the form stays disabled until the page changes. */
  succeeded = false;
  error: CardPanelError | null = null;
  /** The card plans offered for the card being typed, as a form (null: one payment, nothing shown). */
  planForm: StaticForm<PlanChoice> | null = null;
  /** The BIN the plans were last asked for: a later answer for an earlier BIN is dropped. */
  private bin: string | null = null;
  private sdk: MercadoPagoInstance | null = null;
  private readonly fields = new Map<SecureFieldType, SecureField>();

  constructor(private readonly deps: CardPanelDeps) {
    makeAutoObservable<CardPanelStore, 'sdk' | 'fields' | 'deps' | 'bin'>(this, { sdk: false, fields: false, deps: false, bin: false, planForm: observableRef, host: false, mountField: false });
  }

  /** The loaded SDK (null until the panel's script is ready). */
  get instance(): MercadoPagoInstance | null {
    return this.sdkState === 'ready' ? this.sdk : null;
  }

  /** The error dialog's button: the buyer is back at the new-card form. */
  dismissError(): void {
    this.error = null;
  }

  /** Loads the provider's script (once; a failed load may be retried). */
  async open(): Promise<void> {
    if (this.sdkState === 'loading' || this.sdkState === 'ready') return;
    this.sdkState = 'loading';
    try {
      const sdk = await this.deps.loadSdk();
      runInAction(() => {
        this.sdk = sdk;
        this.sdkState = 'ready';
      });
    } catch (error) {
      console.error('Could not load the card provider', error);
      runInAction(() => {
        this.sdkState = 'failed';
      });
    }
  }

  /** What the `secureField` widgets mount through (only once the script is ready). */
  readonly host: SecureFieldHost = {
    mount: (field, containerId, label) => this.mountField(field, containerId, label).unmount,
  };

  /** Mounts one of the provider's fields (nothing before the script is ready); answers it and its unmount. */
  mountField(field: string, containerId: string, label: string): { field: SecureField | null; unmount: () => void } {
    if (!this.sdk || !isSecureFieldType(field)) return { field: null, unmount: () => undefined };
    const secure = this.sdk.fields.create(field, { ...FIELD_OPTIONS[field], srLabel: label, placeholder: label }).mount(containerId);
    if (field === 'cardNumber') secure.on('binChange', ({ bin }) => void this.binChanged(bin));
    this.fields.set(field, secure);
    return {
      field: secure,
      unmount: () => {
        this.fields.delete(field);
        secure.unmount();
      },
    };
  }

  /**
   * The card number gave a BIN (or lost it): the plans for that card, asked of our server once its
   * payment method is known; none (debit, under the event's minimum, instalments off, an error) →
   * no choice, one payment.
   */
  async binChanged(bin: string | null): Promise<void> {
    const sdk = this.sdk;
    const first6 = bin && bin.length >= 6 ? bin.slice(0, 6) : null;
    if (first6 === this.bin) return;
    this.bin = first6;
    this.planForm = null;
    if (!sdk || !first6) return;
    let plans: InstallmentPlan[] = [];
    try {
      const methods = await sdk.getPaymentMethods({ bin: first6 });
      const paymentMethodId = methods.results[0]?.id;
      if (paymentMethodId) plans = await this.deps.plansFor(first6, paymentMethodId);
    } catch (error) {
      console.error('Could not ask for the card plans', error);
    }
    runInAction(() => {
      if (this.bin === first6) this.planForm = plans.length > 0 ? this.deps.planForm(plans) : null;
    });
  }

  /** Pays with the card in the secure fields; answers problems of the form (server refusals), if any. */
  async pay(form: WalletCardForm): Promise<AnswerProblem[]> {
    const sdk = this.sdk;
    // A second submit while one is under way (or after the hand-over) is ignored.
    if (!sdk || this.tokenizing || this.succeeded) return [];
    this.error = null;
    this.tokenizing = true;
    try {
      let token;
      try {
        token = await sdk.fields.createCardToken({ cardholderName: form.cardholderName.trim() });
      } catch (error) {
        runInAction(() => {
          this.error = { kind: 'token', messages: cardTokenMessages(error) };
        });
        return [];
      }
      const bin = token.first_six_digits;
      const allowed = this.deps.allowedBins();
      if (allowed.length > 0 && !allowed.includes(bin)) {
        runInAction(() => {
          this.error = { kind: 'bin' };
        });
        return [];
      }
      const methods = await sdk.getPaymentMethods({ bin }).catch(() => ({ results: [] }));
      const paymentMethodId = methods.results[0]?.id ?? '';
      const issuers = paymentMethodId ? await sdk.getIssuers({ paymentMethodId, bin }).catch(() => []) : [];
      const email = form.email.trim();
      const outcome = await this.deps.pay({
        token: token.id,
        installments: chosenMonths(this.planForm),
        paymentMethodId,
        issuer: issuers[0]?.id ?? null,
        email,
        buyer_info: { name: form.cardholderName.trim(), email, emailConfirm: form.emailConfirm ?? email, phone: form.phone },
      });
      if (outcome.kind === 'invalid') {
        return outcome.problems.flatMap((problem) => (BUYER_TO_CARD[problem.pointer] ? [{ ...problem, pointer: BUYER_TO_CARD[problem.pointer]! }] : []));
      }
      runInAction(() => {
        if (outcome.kind === 'handedOver') this.succeeded = true;
        else if (outcome.kind === 'failed') this.error = paymentFailure(outcome.error);
      });
      return [];
    } finally {
      runInAction(() => {
        this.tokenizing = false;
      });
    }
  }
}
