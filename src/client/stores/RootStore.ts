import type { ApiClient } from '../api/ApiClient';
import { CheckoutActions } from './CheckoutActions';
import { CheckoutStore } from './CheckoutStore';
import { EventStore } from './EventStore';
import { PaymentStore } from './PaymentStore';
import type { BotCheck, KeyValueStorage, Notifier } from './ports';
import { memoryStorage } from './ports';
import { UiStore } from './UiStore';
import { SeatSelectionStore } from '../seats/SeatSelectionStore';

export interface RootStoreOptions {
  api: ApiClient;
  botCheck: BotCheck;
  localStorage?: KeyValueStorage;
  sessionStorage?: KeyValueStorage;
  notifier?: Notifier;
}

/**
 * Builds every store once and hands each the root (MobX "defining data stores"),
 * so stores reach each other through it and share one injected API client.
 */
export class RootStore {
  readonly api: ApiClient;
  readonly botCheck: BotCheck;
  readonly localStorage: KeyValueStorage;
  readonly sessionStorage: KeyValueStorage;
  readonly notifier: Notifier;
  readonly ui: UiStore;
  readonly event: EventStore;
  readonly checkout: CheckoutStore;
  readonly payment: PaymentStore;
  /** The seat map's selection (seated events only). */
  readonly seats: SeatSelectionStore;
  /** Server round trips of the checkout (new purchase, discount, products, restore). */
  readonly actions: CheckoutActions;

  constructor(options: RootStoreOptions) {
    this.api = options.api;
    this.botCheck = options.botCheck;
    this.localStorage = options.localStorage ?? memoryStorage();
    this.sessionStorage = options.sessionStorage ?? memoryStorage();
    this.notifier = options.notifier ?? (() => undefined);
    this.ui = new UiStore(this);
    this.event = new EventStore(this);
    this.checkout = new CheckoutStore(this);
    this.payment = new PaymentStore(this);
    this.seats = new SeatSelectionStore(this);
    this.actions = new CheckoutActions(this);
  }
}
