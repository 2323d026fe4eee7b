import { makeAutoObservable } from 'mobx';
import type { SeatsRequest } from '../api/types';
import type { RootStore } from '../stores/RootStore';

/** A place chosen on the map: its label, the ticket type its category sells, how many places (areas). */
export interface PickedSeat {
  label: string;
  ticketId: number;
  quantity: number;
  objectType: string;
}

/** What the chart tells about an object when it is selected or deselected (the part of seats.io's object we read). */
export interface ChartObject {
  label: string;
  objectType: string;
  category?: { key: string | number } | null;
  /** General-admission areas: places of this session now selected. */
  numSelected?: number;
}

/**
 * The seat map's selection on a seated event: the chart's hold token and the places it holds.
 * Each change sets the quantity of the place's ticket type (category key = ticket type id) with
 * the labels, so the quantities and the summary follow the map; the server checks it all again.
 */
export class SeatSelectionStore {
  holdToken: string | null = null;
  picks: PickedSeat[] = [];
  /** The ticket types the chart sells (its categories); null until the chart said. */
  seatedTicketIds: number[] | null = null;

  constructor(private readonly root: RootStore) {
    makeAutoObservable<SeatSelectionStore, 'root'>(this, { root: false }, { autoBind: true });
  }

  setHoldToken(token: string | null): void {
    this.holdToken = token;
  }

  /** The chart's categories: their ticket types are chosen on the map only, so lines of them without places go. */
  setSeatedCategories(keys: (string | number)[]): void {
    this.seatedTicketIds = keys.map(Number).filter(Number.isInteger);
    for (const ticketId of this.seatedTicketIds) {
      if (!this.picks.some((p) => p.ticketId === ticketId) && this.root.checkout.quantityOf(ticketId) > 0) this.applyTo(ticketId);
    }
  }

  isSeated(ticketId: number): boolean {
    return this.seatedTicketIds?.includes(ticketId) ?? false;
  }

  /** The chart selected a place (an area: one more place). */
  selected(object: ChartObject): void {
    const ticketId = Number(object.category?.key);
    if (!Number.isInteger(ticketId)) return;
    const quantity = object.objectType === 'GeneralAdmissionArea' ? Math.max(1, object.numSelected ?? 1) : 1;
    this.picks = [...this.picks.filter((p) => p.label !== object.label), { label: object.label, ticketId, quantity, objectType: object.objectType }];
    this.applyTo(ticketId);
  }

  /** The chart deselected a place (an area: one place fewer). */
  deselected(object: ChartObject): void {
    const pick = this.picks.find((p) => p.label === object.label);
    if (!pick) return;
    const left = object.objectType === 'GeneralAdmissionArea' ? Math.max(0, object.numSelected ?? pick.quantity - 1) : 0;
    this.picks = left > 0 ? this.picks.map((p) => (p.label === object.label ? { ...p, quantity: left } : p)) : this.picks.filter((p) => p.label !== object.label);
    this.applyTo(pick.ticketId);
  }

  /** The session's token ran out: its places are free again, so the selection is empty. */
  expired(): void {
    const ticketIds = [...new Set(this.picks.map((p) => p.ticketId))];
    this.picks = [];
    this.holdToken = null;
    for (const ticketId of ticketIds) this.applyTo(ticketId);
  }

  /** The buyer is back on the ticket page of a seated event: the held purchase and its places are given up (best effort: they run out with the hold anyway). */
  async startOver(purchaseId: string): Promise<void> {
    try {
      await this.root.api.releaseSeats(purchaseId);
    } catch (error) {
      console.warn('Could not release the seats of the previous purchase', error);
    }
  }

  /** A fresh map (the ticket page opened again): nothing chosen yet. */
  reset(): void {
    this.picks = [];
    this.holdToken = null;
    for (const line of this.root.checkout.tickets) {
      if (line.seats?.length) this.root.checkout.setTicketQuantity(line.ticketId, 0);
    }
  }

  /** The seats part of new-purchase, or null when no place is chosen. */
  get request(): SeatsRequest | null {
    if (!this.holdToken || this.picks.length === 0) return null;
    return {
      holdToken: this.holdToken,
      objects: this.picks.map((p) => (p.objectType === 'GeneralAdmissionArea' ? { label: p.label, quantity: p.quantity } : { label: p.label })),
    };
  }

  private applyTo(ticketId: number): void {
    const picks = this.picks.filter((p) => p.ticketId === ticketId);
    const quantity = picks.reduce((sum, p) => sum + p.quantity, 0);
    const labels = picks.flatMap((p) => Array.from({ length: p.quantity }, () => p.label));
    this.root.checkout.setTicketQuantity(ticketId, quantity, labels);
  }
}
