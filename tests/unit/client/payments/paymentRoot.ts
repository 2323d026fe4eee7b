import type { ApiClient } from '../../../../src/client/api/ApiClient';
import type { EventResponse, PurchaseReload } from '../../../../src/client/api/types';
import { RootStore } from '../../../../src/client/stores/RootStore';
import type { BotCheck, Notification } from '../../../../src/client/stores/ports';
import { memoryStorage } from '../../../../src/client/stores/ports';
import { demoEvent, fakeApi, purchaseResponse } from '../stores/fakeApi';

/** A RootStore on the shared fake API, with a bot check that records its actions, and the event loaded. */
export async function paymentRoot(options: { responses?: Partial<Record<keyof ApiClient, unknown>>; event?: EventResponse; botCheck?: BotCheck } = {}) {
  const { api, calls } = fakeApi({ getEvent: options.event ?? demoEvent(), ...options.responses });
  const notifications: Notification[] = [];
  const botCheckActions: string[] = [];
  const sessionStorage = memoryStorage();
  const root = new RootStore({
    api,
    botCheck: options.botCheck ?? { getToken: async (action) => (botCheckActions.push(action), `bot-${action}`) },
    notifier: (n) => notifications.push(n),
    sessionStorage,
    localStorage: memoryStorage(),
  });
  await root.event.load('demo');
  return { root, calls, notifications, botCheckActions, sessionStorage };
}

/** Puts a held purchase of one VIP ticket (no form) into the order state. */
export function holdVip(root: RootStore, amounts: { amount?: number; amountProductos?: number } = {}): void {
  root.checkout.setTicketQuantity(2, 1);
  root.checkout.setPurchase({ ...purchaseResponse, amount: amounts.amount ?? 1320, amountProductos: amounts.amountProductos ?? 0, isFormRequiered: false }, 'demo');
}

/** A loader answer's reload for purchase `p-1`. */
export function reloadOf(overrides: Partial<PurchaseReload> = {}): PurchaseReload {
  return {
    purchase_id: 'p-1',
    url: 'demo',
    tickets: [{ ticket_id: 2, cantidad: 1, price: 1200, name: 'VIP' }],
    productos: [],
    resumen: { tickets: [{ ticket_id: 2, cantidad: 1, price: 1200, name: 'VIP' }], productos: [] },
    amounts: { amount: 1320, comission: 120, amountOutDiscount: 1200, amountDiscount: 0, amountProductos: 0 },
    expires_at: '2030-01-01T00:15:00.000Z',
    code: null,
    buyer_info: { name: 'Ana López', email: 'ana@example.mx', phone: '5512345678', lang: 'es' },
    emission_id: 'e-1',
    isFormRequiered: false,
    form_completed: false,
    ...overrides,
  };
}
