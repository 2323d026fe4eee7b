import { makeAutoObservable } from 'mobx';
import { ORDER_AMOUNT_FIELDS, type OrderAmounts } from '../../shared/api/amounts';
import type { NewPurchaseResponse, PurchaseReload, UpdateProductsResponse, VerifyDiscountResponse } from '../api/types';
import type { FlowContext } from '../flow/checkoutFlow';
import type { RootStore } from './RootStore';
import { toAmount, upsertLine, type SelectedProduct, type SelectedTicket } from './orderLines';
import { productLineFromWire, ticketLine, ticketLineFromWire } from './orderWire';
import { buildOrderSummary, type OrderSummary } from './orderSummary';
import { storageKeys } from './ports';
import { rememberPurchaseKey } from './purchaseKeys';
import { readSavedPurchase, writeSavedPurchase, type SavedPurchase } from './purchaseSession';

export type DiscountStatus = 'idle' | 'pending' | 'success' | 'error';

/**
 * The order state and its transitions (docs/product-rules.md, *Checkout flow and order state*). Amounts are pesos as the API sends them (null: not
 * priced by the server yet); the summary converts to centavos. Server calls live in
 * `CheckoutActions`, which drives these transitions. The wire's spellings
 * (`isFormRequiered`, `tickets_emited`) are mapped to English names here, at the API edge;
 * the lines go through `orderWire.ts`.
 */
export class CheckoutStore {
  tickets: SelectedTicket[] = [];
  products: SelectedProduct[] = [];
  purchaseId: string | null = null;
  amount: number | null = null;
  amountProductos: number | null = null;
  amountDiscount: number | null = null;
  amountOutDiscount: number | null = null;
  comission: number | null = null;
  expiresTickets: string | null = null;
  /** The discount code applied (validated by the server), sent with the new purchase. */
  code: string | null = null;
  /** The server's word on whether the order needs attendee answers; null before a purchase exists. */
  formRequired: boolean | null = null;
  formCompleted = false;
  ticketsEmitted = false;
  emissionId: string | null = null;
  /** The card plan the purchase was paid with (the reload's `meses`), for the thank-you page; null for one payment. */
  paidPlan: PurchaseReload['meses'] | null = null;
  buyerInfo: { name: string; email: string; phone: string } | null = null;

  /** Discount block state: revealed or not, the input, idle → pending → success | error. */
  discountInput = '';
  discountRevealed = false;
  discountStatus: DiscountStatus = 'idle';
  discountErrorKey: string | null = null;

  purchasePending = false;
  productsPending = false;
  /** Option choices per product id, kept while its quantity is 0. */
  optionDraft: Record<number, Record<string, string>> = {};
  /** Products page: show option errors only after a submit attempt. */
  productsSubmitted = false;
  /** 'done' once a refresh has had its chance to restore the held purchase. */
  restoreStatus: 'idle' | 'restoring' | 'done' = 'idle';

  constructor(private readonly root: RootStore) {
    makeAutoObservable<CheckoutStore, 'root'>(this, { root: false }, { autoBind: true });
  }

  // ----- ticket selection -------------------------------------------------

  /** Choosing 0 removes the line, another quantity replaces it; resets code, amounts, commission and purchase id. */
  setTicketQuantity(ticketId: number, quantity: number, seats?: string[]): void {
    const ticket = this.root.event.ticketById(ticketId);
    if (!ticket) return;
    const line = seats?.length ? { ...ticketLine(ticket, quantity), seats } : ticketLine(ticket, quantity);
    this.tickets = upsertLine(this.tickets, line, (existing) => existing.ticketId === ticketId);
    this.code = null;
    this.resetAmounts();
    this.purchaseId = null;
    this.formRequired = null;
    this.discountInput = '';
    this.discountStatus = 'idle';
    this.discountErrorKey = null;
    if (this.tickets.length === 0) this.discountRevealed = false;
  }

  /** The seat labels of a ticket line (seated events), empty otherwise. */
  seatsOf(ticketId: number): string[] {
    return this.tickets.find((line) => line.ticketId === ticketId)?.seats ?? [];
  }

  quantityOf(ticketId: number): number {
    return this.tickets.find((line) => line.ticketId === ticketId)?.quantity ?? 0;
  }

  get hasTickets(): boolean {
    return this.tickets.length > 0;
  }

  get canCreatePurchase(): boolean {
    return this.hasTickets && !this.purchasePending;
  }

  // ----- purchase ---------------------------------------------------------

  /** Stores a created purchase: id, amounts, code, expiry and the form flag, as numbers. */
  setPurchase(response: NewPurchaseResponse, url: string): void {
    this.purchaseId = String(response.purchase_id);
    this.setAmounts({ ...response, amountProductos: response.amountProductos ?? 0 });
    this.code = response.code ?? null;
    this.expiresTickets = response.expiresTickets;
    this.formRequired = Boolean(response.isFormRequiered);
    this.ticketsEmitted = Boolean(response.tickets_emited);
    this.formCompleted = false;
    // A new purchase has no tickets yet (an earlier one's emission must not leak into it).
    this.emissionId = null;
    this.paidPlan = null;
    this.savePurchase({ purchase_id: this.purchaseId, url });
    if (response.access_key) rememberPurchaseKey(this.root.sessionStorage, this.purchaseId, response.access_key);
  }

  /**
   * Makes a held purchase opened by a link (a waiting list's offer: its id and key) this tab's order: the key is
   * remembered and the purchase saved for `url`, to be brought back from the server as after a refresh.
   */
  adoptPurchase(purchaseId: string, key: string, url: string): void {
    this.deletePurchase();
    rememberPurchaseKey(this.root.sessionStorage, purchaseId, key);
    this.savePurchase({ purchase_id: purchaseId, url });
  }

  /** Forgets the hold (id and expiry); the ticket selection stays. */
  deletePurchase(): void {
    this.purchaseId = null;
    this.expiresTickets = null;
    this.formCompleted = false;
    this.formRequired = null;
    this.setAmounts({ amountProductos: null });
    this.root.sessionStorage.removeItem(storageKeys.purchase);
  }

  /** Opening bare /{url}: drop the held purchase and the attendee-form draft. */
  clearHeldPurchase(): void {
    this.deletePurchase();
    this.root.sessionStorage.removeItem(storageKeys.formDraft);
  }

  /** Restores the order from the server's purchase record; `withPurchase` also restores id, buyer and emission. */
  reload(reload: PurchaseReload, withPurchase = true): void {
    this.tickets = (reload.tickets ?? []).map(ticketLineFromWire);
    this.products = (reload.productos ?? []).map(productLineFromWire);
    this.setAmounts(reload.amounts ?? null);
    this.expiresTickets = reload.expires_at;
    this.code = reload.code ?? null;
    this.discountInput = this.code ?? '';
    this.discountStatus = this.code ? 'success' : 'idle';
    this.discountRevealed = Boolean(this.code);
    this.formRequired = Boolean(reload.isFormRequiered);
    this.formCompleted = Boolean(reload.form_completed);
    if (withPurchase) {
      this.purchaseId = String(reload.purchase_id);
      this.buyerInfo = reload.buyer_info ?? null;
      this.emissionId = reload.emission_id ?? null;
      this.paidPlan = reload.meses ?? null;
      this.savePurchase({ purchase_id: this.purchaseId, url: reload.url });
    }
  }

  /** Applying a discount code updates amounts, commission and code. */
  applyDiscount(response: VerifyDiscountResponse): void {
    this.code = response.code;
    this.discountInput = response.code;
    // No products are priced here: amountProductos stays as it is.
    this.setAmounts(response);
  }

  /** The products step answered: keep its lines and amounts. */
  setProductsResult(response: UpdateProductsResponse): void {
    this.products = (response.productos ?? []).map(productLineFromWire);
    this.formRequired = Boolean(response.isFormRequiered);
    this.setAmounts(response);
  }

  /** Clears the whole order (after a store-voucher, online-wallet or free call, and in tests). */
  clear(): void {
    this.tickets = [];
    this.products = [];
    this.code = null;
    this.resetAmounts();
    this.deletePurchase();
    this.buyerInfo = null;
    this.emissionId = null;
    this.paidPlan = null;
    this.ticketsEmitted = false;
    this.discountInput = '';
    this.discountStatus = 'idle';
    this.discountRevealed = false;
  }

  // ----- products -----------------------------------------------------------

  /** Sets the quantity of a product; 0 removes the line (its option choices are remembered). */
  setProductQuantity(productId: number, quantity: number): void {
    const product = this.root.event.productById(productId);
    if (!product) return;
    const existing = this.productLine(productId);
    const options = { ...(this.optionDraft[productId] ?? {}), ...(existing?.options ?? {}) };
    const line: SelectedProduct = { productId: product.id, name: product.name, quantity, price: product.price, options };
    this.products = upsertLine(this.products, line, (candidate) => candidate.productId === productId);
  }

  /** Chooses a value for one option of a product (kept even before a quantity is chosen). */
  setProductOption(productId: number, optionId: string, value: string): void {
    this.optionDraft = { ...this.optionDraft, [productId]: { ...(this.optionDraft[productId] ?? {}), [optionId]: value } };
    this.products = this.products.map((line) => (line.productId === productId ? { ...line, options: { ...line.options, [optionId]: value } } : line));
  }

  /** The chosen value of a product option, whether or not the product is selected yet. */
  productOption(productId: number, optionId: string): string {
    return this.productLine(productId)?.options[optionId] ?? this.optionDraft[productId]?.[optionId] ?? '';
  }

  productLine(productId: number): SelectedProduct | undefined {
    return this.products.find((line) => line.productId === productId);
  }

  /** Option ids still unchosen per selected product (every option is required). */
  get missingProductOptions(): Map<number, string[]> {
    const missing = new Map<number, string[]>();
    for (const line of this.products) {
      const product = this.root.event.productById(line.productId);
      const unchosen = (product?.options ?? []).map((option) => String(option.id)).filter((id) => !line.options[id]);
      if (unchosen.length > 0) missing.set(line.productId, unchosen);
    }
    return missing;
  }

  setProductsSubmitted(value: boolean): void {
    this.productsSubmitted = value;
  }

  // ----- discount block -----------------------------------------------------

  revealDiscount(): void {
    if (this.hasTickets) this.discountRevealed = true;
  }

  setDiscountInput(value: string): void {
    if (this.code) return; // locked while a code is set
    this.discountInput = value;
    if (this.discountStatus === 'error') {
      this.discountStatus = 'idle';
      this.discountErrorKey = null;
    }
  }

  setDiscountState(status: DiscountStatus, errorKey: string | null = null): void {
    this.discountStatus = status;
    this.discountErrorKey = errorKey;
  }

  // ----- derived ------------------------------------------------------------

  /** What the checkout flow needs to decide where the buyer may be. */
  get flowContext(): FlowContext {
    const guessedForm = this.tickets.some((line) => this.root.event.ticketById(line.ticketId)?.has_form === true);
    return {
      hasProducts: this.root.event.hasProducts,
      formRequired: this.formRequired ?? guessedForm,
      hasTickets: this.hasTickets,
      hasPurchase: this.purchaseId !== null,
      formCompleted: this.formCompleted,
    };
  }

  /** The order summary: local pricing, with the server's amounts winning when present. */
  get summary(): OrderSummary {
    return buildOrderSummary({
      tickets: this.tickets,
      products: this.products,
      serviceChargeConfig: this.root.event.event?.config ?? {},
      server: this.serverAmounts,
      code: this.code,
    });
  }

  /** Amount plus products, in centavos: what the payment step charges (0 → only the free option). */
  get payableTotalCents(): number {
    return this.summary.totalCents;
  }

  /** The attendee answers were accepted by the server: the form is completed and the payment step opens. */
  markFormCompleted(): void {
    this.formCompleted = true;
  }

  setRestoreStatus(status: 'idle' | 'restoring' | 'done'): void {
    this.restoreStatus = status;
  }

  setPurchasePending(value: boolean): void {
    this.purchasePending = value;
  }

  setProductsPending(value: boolean): void {
    this.productsPending = value;
  }

  /** The purchase saved in sessionStorage by this tab, if any. */
  savedPurchase(): SavedPurchase | null {
    return readSavedPurchase(this.root.sessionStorage);
  }

  private savePurchase(saved: SavedPurchase): void {
    writeSavedPurchase(this.root.sessionStorage, saved);
  }

  /** The server's amounts as last answered (each null until priced). */
  get serverAmounts(): { [K in keyof OrderAmounts]: number | null } {
    return { amount: this.amount, comission: this.comission, amountOutDiscount: this.amountOutDiscount, amountDiscount: this.amountDiscount, amountProductos: this.amountProductos };
  }

  /**
   * The one place the amount fields are written: each field the answer carries, with
   * numeric conversion (a field it leaves out keeps its value); null resets them all.
   */
  private setAmounts(answer: Partial<Record<keyof OrderAmounts, unknown>> | null): void {
    for (const field of ORDER_AMOUNT_FIELDS) {
      if (answer === null) this[field] = null;
      else if (field in answer) this[field] = toAmount(answer[field]);
    }
  }

  private resetAmounts(): void {
    this.setAmounts(null);
  }
}
