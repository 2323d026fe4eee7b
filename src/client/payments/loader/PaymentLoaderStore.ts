import { makeAutoObservable, runInAction } from 'mobx';
import { isHandledGlobally, serverCode, serverMessage } from '../../api/ApiError';
import { BotCheckNotLoadedError } from '../../botCheck/BotCheckNotLoadedError';
import type { RootStore } from '../../stores/RootStore';
import { savePaymentResult } from '../paymentResult';
import type { LoaderDefinition } from './loaderDefinitions';
import { loaderOutcome, type LoaderOutcome } from './loaderOutcome';

/** What a loader page shows. */
export type LoaderView = 'loading' | LoaderOutcome | 'requestError' | 'botCheckError';

/**
 * One visit of a loader page: asks the server once for the payment's result and turns it
 * into an outcome (approved, pending or declined). Approved and pending restore the order (`reload`) for the
 * thank-you page and remember it for a refresh; declined and failed calls set the
 * payment-methods error flag (except the second card provider's loader).
 */
export class PaymentLoaderStore {
  view: LoaderView = 'loading';
  /** Why a card was declined (MercadoPago's reason without `cc_rejected_`), when the loader was told. */
  declineReason: string | null = null;
  private started = false;

  constructor(
    private readonly root: RootStore,
    readonly definition: LoaderDefinition,
    private readonly queryValue: string,
    private readonly url: string,
  ) {
    makeAutoObservable<PaymentLoaderStore, 'root' | 'started' | 'queryValue' | 'url'>(
      this,
      { root: false, definition: false, started: false, queryValue: false, url: false },
      { autoBind: true },
    );
  }

  /** Fetches the result; later calls do nothing (one request per page visit). */
  async run(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.resolve();
  }

  /** Tries again after the bot check could not be passed. */
  async retry(): Promise<void> {
    if (this.view !== 'botCheckError') return;
    this.view = 'loading';
    await this.resolve();
  }

  private async resolve(): Promise<void> {
    const { api, botCheck, ui } = this.root;
    let botCheckToken: string | undefined;
    if (this.definition.botCheckAction) {
      try {
        botCheckToken = await ui.track(botCheck.getToken(this.definition.botCheckAction));
      } catch (error) {
        if (error instanceof BotCheckNotLoadedError) ui.notify({ variant: 'error', messageKey: 'errors:botCheckNotLoaded' });
        else if (!isHandledGlobally(error)) ui.notify({ variant: 'error', messageKey: 'payments:errors.loaderFailed' });
        this.fail('botCheckError');
        return;
      }
    }
    try {
      const body = this.definition.body(this.queryValue, { url: this.url, botCheckToken });
      const response = await ui.track(api.loaderProcess(this.definition.provider, body));
      this.declineReason = response.status_detail?.startsWith('cc_rejected_') ? response.status_detail.slice('cc_rejected_'.length) : null;
      this.apply(loaderOutcome(response.status), response.reload ?? null);
    } catch (error) {
      if (!isHandledGlobally(error)) ui.notify({ variant: 'error', code: serverCode(error), text: serverMessage(error), messageKey: 'payments:errors.loaderFailed' });
      this.fail('requestError');
    }
  }

  private apply(outcome: LoaderOutcome, reload: Parameters<RootStore['checkout']['reload']>[0] | null): void {
    const { checkout, payment, sessionStorage } = this.root;
    runInAction(() => {
      // Declined too: the purchase is still held, so "try another payment method" finds it.
      if (reload?.purchase_id) checkout.reload(reload, true);
      if (outcome === 'declined') {
        if (this.definition.setsErrorFlag) payment.setErrorFlag(true);
      } else {
        payment.setErrorFlag(false);
        if (reload?.purchase_id) savePaymentResult(sessionStorage, { url: this.url, purchase_id: String(reload.purchase_id) });
      }
      this.view = outcome;
    });
  }

  private fail(view: 'requestError' | 'botCheckError'): void {
    if (this.definition.setsErrorFlag) this.root.payment.setErrorFlag(true);
    this.view = view;
  }
}
