import { runInAction } from 'mobx';
import type { AnswerProblem } from '../../../shared/attendee-form/attendee-form.types';
import { ApiError, isHandledGlobally, type ApiFieldError } from '../../api/ApiError';
import type { BuyerForm, OpenpayProcessPaymentRequest, PaymentLanguage, ProcessCardPaymentRequest, SuperTokenOrderRequest } from '../../api/paymentTypes';
import { BotCheckNotLoadedError } from '../../botCheck/BotCheckNotLoadedError';
import type { RootStore } from '../../stores/RootStore';
import type { PaymentMethodId } from '../../../shared/payment-methods';

/** How a started payment leaves the payment page (injected so tests need no browser). */
export interface PaymentHandover {
  /** In-app navigation (the free claim's loader). */
  navigate(path: string): void;
  /** Leaves the storefront for the provider's hosted page. */
  assign(url: string): void;
  wait(ms: number): Promise<void>;
}

/** How a start ended: handed over, refused field by field (problems relative to the buyer form), or failed (the card's error kept for its panel). */
export type StartOutcome = { kind: 'handedOver' } | { kind: 'invalid'; problems: AnswerProblem[] } | { kind: 'failed'; error?: unknown };

/** PayPal (the online wallet service) hands over to its approval link 500 ms after a successful start. */
export const PAYPAL_REDIRECT_DELAY_MS = 500;

const BUYER_INFO = '/buyer_info';

/** The server's `/buyer_info/phone` refusals as problems of the buyer form (`/phone`). */
export function buyerProblems(errors: readonly ApiFieldError[]): AnswerProblem[] {
  return errors
    .filter((error) => error.path.startsWith(`${BUYER_INFO}/`))
    .map((error) => ({ pointer: error.path.slice(BUYER_INFO.length), message: error.message }));
}

/** What the attempt resolved to: the step that hands the buyer over. */
type Proceed = () => void | Promise<void>;

/**
 * The payment panels' server round trips: each start shows its submitting state, hands
 * the buyer over on success (clearing the order state first for the cash voucher, PayPal
 * and the free claim) and reports failures as toasts (docs/product-rules.md, *Buyer-facing
 * errors*), or field by field.
 */
export class PaymentActions {
  constructor(
    private readonly root: RootStore,
    private readonly handover: PaymentHandover,
  ) {}

  /** Free claim: bot check `validate_free_access`, verify-free, then the free loader. */
  payFree(buyer: BuyerForm): Promise<StartOutcome> {
    return this.start('free', 'payments:errors.freeFailed', async (purchaseId, lang, url) => {
      const token = await this.root.botCheck.getToken('validate_free_access');
      const { secretuuid } = await this.root.api.verifyFree({ purchase_id: purchaseId, buyer_info: buyer, token, lang });
      return () => {
        this.root.checkout.clear();
        this.handover.navigate(`/${url}/free/loader?secretuuid=${encodeURIComponent(secretuuid)}`);
      };
    });
  }

  /** Cash voucher: create-preference, then the provider's hosted checkout. */
  payCash(buyer: BuyerForm): Promise<StartOutcome> {
    return this.start('cash', 'payments:errors.startFailed', async (purchaseId, lang) => {
      const { init_point } = await this.root.api.createPreference({ purchase_id: purchaseId, buyer_info: buyer, lang });
      return () => {
        this.root.checkout.clear();
        this.handover.assign(init_point);
      };
    });
  }

  /** Bank transfer: create-session, then the bank widget (its success returns to the fintoc loader). */
  payBankTransfer(buyer: BuyerForm): Promise<StartOutcome> {
    return this.start('bankTransfer', 'payments:errors.startFailed', async (purchaseId, lang) => {
      const { widget_url } = await this.root.api.createFintocSession({ purchase_id: purchaseId, buyer_info: buyer, lang });
      return () => this.handover.assign(widget_url);
    });
  }

  /** Online wallet: create-order, then its approval link (`order.links[1]`) after 500 ms. Failures are only logged. */
  payPaypal(): Promise<StartOutcome> {
    return this.start('paypal', null, async (purchaseId, lang) => {
      const { order } = await this.root.api.createPaypalOrder({ purchase_id: purchaseId, lang });
      const approval = order?.links?.[1]?.href;
      if (!approval) throw new Error('PayPal order without an approval link');
      return async () => {
        this.root.checkout.clear();
        await this.handover.wait(PAYPAL_REDIRECT_DELAY_MS);
        this.handover.assign(approval);
      };
    });
  }

  /**
   * New card (the card token is made in the browser first): process-payment, then the
   * card loader, which shows approved, pending or rejected (a declined payment answers 402
   * with its id: the loader too). The order stays, so a declined card can be retried; a failure
   * without a payment comes back in the outcome for the panel's error dialog.
   */
  async payCard(details: Omit<ProcessCardPaymentRequest, 'purchase_id' | 'lang'>): Promise<StartOutcome> {
    let failure: unknown;
    const outcome = await this.start('card', null, async (purchaseId, lang, url) => {
      try {
        const { payment_id, three_ds_info } = await this.root.api.processCardPayment({ ...details, purchase_id: purchaseId, lang });
        // The issuer asks for 3-D Secure: the buyer answers its page first; the loader then reads the outcome.
        if (three_ds_info) await this.root.payment.openChallenge({ url: three_ds_info.external_resource_url, creq: three_ds_info.creq });
        return () => this.handover.navigate(`/${url}/mp/loader?payment_id=${encodeURIComponent(payment_id)}`);
      } catch (error) {
        // Declined, but the payment exists at the provider: its loader shows the rejected view,
        // the link back and sets the error flag, as for any other declined payment.
        const declinedId = error instanceof ApiError && error.status === 402 ? error.paymentId : undefined;
        if (declinedId) return () => this.handover.navigate(`/${url}/mp/loader?payment_id=${encodeURIComponent(declinedId)}`);
        failure = error;
        throw error;
      }
    });
    return outcome.kind === 'failed' ? { kind: 'failed', error: failure } : outcome;
  }

  /**
   * Super token (a method of the buyer's MercadoPago account): create-order, then the
   * super-token loader. A failure is only logged here: the panel shows its error screen.
   */
  paySuperToken(details: Omit<SuperTokenOrderRequest, 'purchase_id' | 'lang'>): Promise<StartOutcome> {
    return this.start('superToken', null, async (purchaseId, lang, url) => {
      const { payment_id } = await this.root.api.createSuperTokenOrder({ ...details, purchase_id: purchaseId, lang });
      return () => this.handover.navigate(`/${url}/mp-supertoken/loader?payment_id=${encodeURIComponent(payment_id)}`);
    });
  }

  /**
   * Openpay card (token and device session id made in the browser): process-payment, then the
   * bank's 3-D Secure page when it asks for one (it returns to the open-pay loader), else the
   * open-pay loader. The order stays, so a declined card can be retried; the failure comes back
   * in the outcome for the panel's toast.
   */
  async payOpenpay(details: Omit<OpenpayProcessPaymentRequest, 'purchase_id' | 'lang'>): Promise<StartOutcome> {
    let failure: unknown;
    const outcome = await this.start('openpay', null, async (purchaseId, lang, url) => {
      try {
        const { payment_id, redirect_url } = await this.root.api.processOpenpayPayment({ ...details, purchase_id: purchaseId, lang });
        if (redirect_url) return () => this.handover.assign(redirect_url);
        return () => this.handover.navigate(`/${url}/open-pay/loader?payment_id=${encodeURIComponent(payment_id)}`);
      } catch (error) {
        failure = error;
        throw error;
      }
    });
    return outcome.kind === 'failed' ? { kind: 'failed', error: failure } : outcome;
  }

  /**
   * Runs one start: submitting state on, the call, then the hand-over with the leave
   * warning off (the buyer is not losing their place). `failureKey` null: log only.
   */
  private async start(
    method: PaymentMethodId,
    failureKey: string | null,
    attempt: (purchaseId: string, lang: PaymentLanguage, url: string) => Promise<Proceed>,
  ): Promise<StartOutcome> {
    const { checkout, event, payment, ui } = this.root;
    const purchaseId = checkout.purchaseId;
    const url = event.url;
    if (!purchaseId || !url || payment.submitting) return { kind: 'failed' };
    payment.setSubmitting(method);
    payment.setFailedMethod(null);
    let proceed: Proceed;
    try {
      proceed = await ui.track(attempt(purchaseId, ui.language, url));
    } catch (error) {
      runInAction(() => {
        payment.setSubmitting(null);
        payment.setFailedMethod(method);
      });
      return this.report(error, failureKey);
    }
    runInAction(() => {
      payment.setLeaving(true);
      ui.setLeaveBlocked(false);
      payment.setSubmitting(null);
    });
    await proceed();
    return { kind: 'handedOver' };
  }

  private report(error: unknown, failureKey: string | null): StartOutcome {
    const { checkout, ui } = this.root;
    if (error instanceof ApiError) {
      const problems = buyerProblems(error.validationErrors);
      if (error.code === 'FORM_INVALID' && problems.length > 0) return { kind: 'invalid', problems };
      if (error.status === 410) {
        // The hold ran out: the guard takes the buyer back to the tickets.
        ui.notify({ variant: 'warning', messageKey: 'errors:holdExpired' });
        checkout.deletePurchase();
        return { kind: 'failed' };
      }
    }
    if (failureKey === null) console.error('Could not start the payment', error);
    else if (error instanceof BotCheckNotLoadedError) ui.notify({ variant: 'error', messageKey: 'errors:botCheckNotLoaded' });
    else if (!isHandledGlobally(error)) ui.notify({ variant: 'error', messageKey: failureKey });
    return { kind: 'failed' };
  }
}
