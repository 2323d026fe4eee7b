import { describe, expect, it } from 'vitest';
import { buildRoot } from '../stores/fakeApi';

async function seatedRoot() {
  const built = buildRoot({ newPurchase: (body: unknown) => ({ purchase_id: 'p1', access_key: 'k', expiresTickets: '2030-01-01T00:00:00Z', amount: 1, comission: 0, amountOutDiscount: 1, amountDiscount: 0, amountProductos: 0, tickets_emited: false, code: null, isFormRequiered: false, body }), releaseSeats: { released: true } });
  await built.root.event.load('demo');
  return built;
}

const seat = (label: string, category: number) => ({ label, objectType: 'Seat', category: { key: String(category) } });

describe('SeatSelectionStore: the map decides the seated quantities', () => {
  it('sets the quantity and labels of the seat category’s ticket type as seats are selected and deselected', async () => {
    const { root } = await seatedRoot();
    root.seats.setSeatedCategories(['1']);
    root.seats.setHoldToken('tok');
    root.seats.selected(seat('A-1', 1));
    root.seats.selected(seat('A-2', 1));
    expect(root.checkout.quantityOf(1)).toBe(2);
    expect(root.checkout.seatsOf(1)).toEqual(['A-1', 'A-2']);
    root.seats.deselected(seat('A-1', 1));
    expect(root.checkout.quantityOf(1)).toBe(1);
    expect(root.seats.request).toEqual({ holdToken: 'tok', objects: [{ label: 'A-2' }] });
    expect(root.seats.isSeated(1)).toBe(true);
    expect(root.seats.isSeated(2)).toBe(false);
  });

  it('takes an area’s number of places from the chart and sends it as a quantity', async () => {
    const { root } = await seatedRoot();
    root.seats.setHoldToken('tok');
    const area = { label: 'General', objectType: 'GeneralAdmissionArea', category: { key: '2' } };
    root.seats.selected({ ...area, numSelected: 1 });
    root.seats.selected({ ...area, numSelected: 3 });
    expect(root.checkout.quantityOf(2)).toBe(3);
    root.seats.deselected({ ...area, numSelected: 2 });
    expect(root.checkout.quantityOf(2)).toBe(2);
    expect(root.seats.request).toEqual({ holdToken: 'tok', objects: [{ label: 'General', quantity: 2 }] });
  });

  it('sends the seats with new-purchase, and empties the selection when the session expires', async () => {
    const { root, calls } = await seatedRoot();
    root.seats.setHoldToken('tok');
    root.seats.selected(seat('B-4', 1));
    await root.actions.createPurchase(null);
    expect(calls.newPurchase[0][0]).toMatchObject({ tickets: [{ ticket_id: 1, cantidad: 1 }], seats: { holdToken: 'tok', objects: [{ label: 'B-4' }] } });
    root.seats.expired();
    expect(root.checkout.quantityOf(1)).toBe(0);
    expect(root.seats.request).toBeNull();
  });

  it('drops lines of seated types that have no places when the chart names its categories', async () => {
    const { root } = await seatedRoot();
    root.checkout.setTicketQuantity(1, 2);
    root.checkout.setTicketQuantity(2, 1);
    root.seats.setSeatedCategories(['1']);
    expect(root.checkout.quantityOf(1)).toBe(0);
    expect(root.checkout.quantityOf(2)).toBe(1);
  });

  it('tells the server when the buyer starts over', async () => {
    const { root, calls } = await seatedRoot();
    await root.seats.startOver('p1');
    expect(calls.releaseSeats).toEqual([['p1']]);
  });
});
