import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import type { InlineEventData } from '../../shared/api';
import type { EventInfo, EventResponse, HtmlBlock, TicketType } from '../api/types';
import type { CatalogueProduct } from './orderLines';
import { catalogueProductFromWire } from './orderWire';
import type { RootStore } from './RootStore';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/**
 * The event being sold: its info, ticket types and products, loaded by url. Ticket types are
 * kept as the API sends them (English already); products get English names at `orderWire.ts`.
 */
export class EventStore {
  status: LoadStatus = 'idle';
  url: string | null = null;
  /** The `ticket` query the event was loaded with (a hidden ticket type). */
  ticketQuery: string | null = null;
  /** The `access` query of a hidden type's link: sent with the event load and the purchase. */
  access: string | null = null;
  event: EventInfo | null = null;
  tickets: TicketType[] = [];
  products: CatalogueProduct[] = [];
  error: unknown = null;

  constructor(private readonly root: RootStore) {
    // The event's data are the server's answer, replaced whole and never changed in place: held by
    // reference, not converted into deep observables (the inlined event is adopted while the page loads).
    makeAutoObservable<EventStore, 'root'>(this, { root: false, event: observableRef, tickets: observableRef, products: observableRef }, { autoBind: true });
  }

  /** Loads the event unless it is already loaded (or loading) for the same url, ticket query and access code. */
  async load(url: string, ticketQuery: string | null = null, access: string | null = null): Promise<boolean> {
    // Moving between steps drops the `ticket` query from the address; keep the event
    // (and its hidden ticket type) instead of reloading it without.
    const sameEvent = this.url === url && (ticketQuery === null || (ticketQuery === this.ticketQuery && access === this.access));
    if (sameEvent && this.status !== 'error' && this.status !== 'idle') {
      return this.status === 'ready';
    }
    this.url = url;
    this.ticketQuery = ticketQuery;
    this.access = access;
    this.status = 'loading';
    this.error = null;
    try {
      const response = await this.root.api.getEvent(url, ticketQuery, access);
      if (this.url !== url || this.ticketQuery !== ticketQuery || this.access !== access) return false; // a newer load won
      runInAction(() => this.show(response));
      return true;
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = error;
      });
      return false;
    }
  }

  /**
   * The event the server inlined in the page, taken as if loaded with its url and queries: the
   * first render already shows it, and `load` with the same url and queries asks nothing.
   */
  adopt(inline: InlineEventData): void {
    this.url = inline.url;
    this.ticketQuery = inline.ticket;
    this.access = inline.access;
    this.error = null;
    this.show(inline.answer);
  }

  private show(response: EventResponse): void {
    this.event = response.event;
    this.tickets = response.tickets ?? [];
    this.products = (response.productos ?? []).map(catalogueProductFromWire);
    this.status = 'ready';
    this.root.ui.applyEventLanguage(response.event.config?.idiomaDefault);
  }

  get isReady(): boolean {
    return this.status === 'ready' && this.event !== null;
  }

  get hasProducts(): boolean {
    return this.products.length > 0;
  }

  /** Currency for display: the event config's, MXN by default. */
  get currency(): string {
    const configured = this.event?.config?.currency;
    return typeof configured === 'string' && configured.trim() ? configured.trim().toUpperCase() : 'MXN';
  }

  /** An event hides the language switch with a config flag (`hide_language_switch`). */
  get hideLanguageSwitch(): boolean {
    return this.event?.config?.hide_language_switch === true;
  }

  /** Operator HTML blocks placed at `posicion` (e.g. TICKET_INFO, FINISH). */
  htmlAt(posicion: string): HtmlBlock[] {
    return (this.event?.html ?? []).filter((block) => block.posicion === posicion);
  }

  ticketById(id: number): TicketType | undefined {
    return this.tickets.find((ticket) => ticket.id === id);
  }

  productById(id: number): CatalogueProduct | undefined {
    return this.products.find((product) => product.id === id);
  }
}
