import { runInAction } from 'mobx';
import { ApiError, isHandledGlobally } from '../api/ApiError';
import { BotCheckNotLoadedError } from '../botCheck/BotCheckNotLoadedError';
import { dropPass, storedPass } from '../waitingRoom/waitingRoomApi';
import { productRequestsOf, ticketRequestsOf } from './orderWire';
import type { RootStore } from './RootStore';

export type ProductsResult = 'ok' | 'invalid' | 'failed';

/**
 * The checkout's server round trips. Each one drives `CheckoutStore` transitions
 * and reports failures as toasts (docs/product-rules.md, *Buyer-facing errors*); pages only await the outcome.
 */
export class CheckoutActions {
  constructor(private readonly root: RootStore) {}

  /** Continue on the ticket page: bot-check token, then new-purchase. True when a purchase was created. */
  async createPurchase(identificador: string | null): Promise<boolean> {
    const { checkout, event, ui } = this.root;
    const url = event.url;
    if (!url || !checkout.canCreatePurchase) return false;
    checkout.setPurchasePending(true);
    try {
      let token: string;
      try {
        token = await ui.track(this.root.botCheck.getToken('new_purchase'));
      } catch (error) {
        if (error instanceof BotCheckNotLoadedError) ui.notify({ variant: 'error', messageKey: 'errors:botCheckNotLoaded' });
        else if (!isHandledGlobally(error)) ui.notifyRequestFailure(error);
        return false;
      }
      const response = await ui.track(
        this.root.api.newPurchase({
          code: checkout.code, url, tickets: ticketRequestsOf(checkout.tickets), identificador, token,
          ...(event.access ? { access: event.access } : {}),
          ...(this.root.seats.request ? { seats: this.root.seats.request } : {}),
          ...(event.event?.sala_espera ? { turno: storedPass(url) } : {}),
        }),
      );
      runInAction(() => checkout.setPurchase(response, url));
      // A pass is good once: spent now, so a later visit of the ticket page asks the room again.
      if (event.event?.sala_espera) dropPass(url);
      return true;
    } catch (error) {
      // A refused admission pass is forgotten: the event's page asks the waiting room again.
      if (error instanceof ApiError && error.code?.startsWith('WAITING_ROOM_PASS')) dropPass(url);
      if (!isHandledGlobally(error)) ui.notifyRequestFailure(error);
      return false;
    } finally {
      checkout.setPurchasePending(false);
    }
  }

  /** 'Validate Code': checks the typed code against the current tickets. */
  async verifyDiscount(): Promise<boolean> {
    const { checkout, event, ui } = this.root;
    const code = checkout.discountInput.trim();
    if (!checkout.hasTickets) {
      checkout.setDiscountState('error', 'errors:discount.noTickets');
      return false;
    }
    if (!code) {
      checkout.setDiscountState('error', 'errors:discount.empty');
      return false;
    }
    if (!event.url) return false;
    checkout.setDiscountState('pending');
    try {
      const response = await ui.track(this.root.api.verifyDiscount({ code, url: event.url, tickets: ticketRequestsOf(checkout.tickets), ...(event.access ? { access: event.access } : {}) }));
      runInAction(() => {
        checkout.applyDiscount(response);
        checkout.setDiscountState('success');
      });
      return true;
    } catch (error) {
      checkout.setDiscountState('error', isHandledGlobally(error) ? null : 'errors:discount.notFound');
      return false;
    }
  }

  /** Continue on the products page. 'invalid' when an option is missing, 'failed' when the server refused. */
  async submitProducts(): Promise<ProductsResult> {
    const { checkout, ui } = this.root;
    checkout.setProductsSubmitted(true);
    if (checkout.missingProductOptions.size > 0) return 'invalid';
    const purchaseId = checkout.purchaseId;
    if (!purchaseId) return 'failed';
    checkout.setProductsPending(true);
    try {
      const response = await ui.track(this.root.api.updateProducts(purchaseId, productRequestsOf(checkout.products)));
      runInAction(() => {
        checkout.setProductsResult(response);
        checkout.setProductsSubmitted(false);
      });
      return 'ok';
    } catch (error) {
      if (!isHandledGlobally(error)) ui.notifyRequestFailure(error);
      if (error instanceof ApiError && error.status === 410) checkout.deletePurchase();
      return 'failed';
    } finally {
      checkout.setProductsPending(false);
    }
  }

  /**
   * After a refresh on a later step: bring back the purchase this tab saved for `url`.
   * An expired or unknown purchase is forgotten (the guards then send the buyer to /{url}).
   */
  async restorePurchase(url: string): Promise<void> {
    const { checkout, ui } = this.root;
    if (checkout.restoreStatus === 'restoring') return;
    const saved = checkout.savedPurchase();
    if (checkout.purchaseId || !saved || saved.url !== url) {
      checkout.setRestoreStatus('done');
      return;
    }
    checkout.setRestoreStatus('restoring');
    try {
      const response = await ui.track(this.root.api.getPurchase(saved.purchase_id));
      runInAction(() => {
        if (response.status === 'held' && response.reload) checkout.reload(response.reload, true);
        else checkout.deletePurchase();
      });
    } catch (error) {
      checkout.deletePurchase();
      if (error instanceof ApiError && error.status === 410) ui.notify({ variant: 'warning', messageKey: 'errors:holdExpired' });
    } finally {
      checkout.setRestoreStatus('done');
    }
  }

  /** The hold timer reached zero. */
  expireHold(): void {
    this.root.checkout.deletePurchase();
    this.root.ui.setLeaveBlocked(false);
    this.root.ui.notify({ variant: 'warning', messageKey: 'errors:holdExpired' });
  }
}
