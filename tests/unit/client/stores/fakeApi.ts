import type { ApiClient } from '../../../../src/client/api/ApiClient';
import { ApiError } from '../../../../src/client/api/ApiError';
import type { EventResponse, NewPurchaseResponse } from '../../../../src/client/api/types';
import { RootStore } from '../../../../src/client/stores/RootStore';
import type { Notification } from '../../../../src/client/stores/ports';
import { memoryStorage } from '../../../../src/client/stores/ports';

/** A small event close to the demo: General with a 10 % volume discount at 4 and a form, VIP, sold-out Preventa, one product. */
export function demoEvent(overrides: Partial<EventResponse['event']['config']> = {}): EventResponse {
  return {
    event: {
      url: 'demo',
      name: 'Demo',
      image_path: null,
      starts_at: null,
      config: { currency: 'MXN', comission_percentage: 0.1, absorb: 'customer', ...overrides },
      html: [{ posicion: 'TICKET_INFO', html: '<p>Info</p>' }],
    },
    tickets: [
      { id: 1, name: 'General', price: 350, description: '<p>G</p>', minimum: 1, maximum: 10, md: true, md_quantity: 10, md_ispercentage: true, md_minimum: 4, has_form: true },
      { id: 2, name: 'VIP', price: 1200, description: '', minimum: 1, maximum: 4, md: false, md_quantity: null, md_ispercentage: false, md_minimum: null, has_form: false },
      { id: 3, name: 'Preventa', price: 200, description: '', minimum: 1, maximum: 0, md: false, md_quantity: null, md_ispercentage: false, md_minimum: null, has_form: false },
    ],
    productos: [
      { id: 10, nombre: 'Playera', precio: 250, minimo: 1, maximo: 5, imagenes: [], descripcion: '<p>Algodón</p>', opciones: [{ id: 'talla', label: 'Talla', options: { values: ['S', 'M', 'L'] } }] },
    ],
  };
}

export const purchaseResponse: NewPurchaseResponse = {
  purchase_id: 'p-1',
  access_key: 'key-p-1',
  amount: 385,
  amountProductos: 0,
  comission: 35,
  expiresTickets: '2030-01-01T00:15:00.000Z',
  tickets_emited: false,
  amountOutDiscount: 385,
  amountDiscount: 0,
  code: null,
  isFormRequiered: true,
};

type Calls = { [K in keyof ApiClient]: unknown[][] };

/** A fake API client: each method answers from `responses` (a value, an Error to reject with, or a function). */
export function fakeApi(responses: Partial<Record<keyof ApiClient, unknown>> = {}) {
  const calls: Calls = {
    getConfig: [], getEvent: [], newPurchase: [], verifyDiscount: [], updateProducts: [], getPurchase: [], releaseSeats: [], addInfo: [],
    // Payment and emission calls (tests/unit/client/payments give their answers).
    createPreference: [], createPaypalOrder: [], createFintocSession: [], verifyFree: [], processCardPayment: [], createSuperTokenOrder: [], processOpenpayPayment: [], loaderProcess: [],
    downloadTickets: [], getWalletEmissions: [], getWalletUrl: [],
    createStripeOrder: [], mercadoPagoInstallments: [], mercadoPagoAccountInstallments: [], stripeInstallments: [], stripeConfirm: [],
  };
  const defaults: Partial<Record<keyof ApiClient, unknown>> = {
    getConfig: { botCheck: { provider: 'recaptcha', siteKey: 'site-key', scriptUrl: '/sandbox/recaptcha/api.js' }, mainSiteUrl: 'https://main.example', supportEmail: 'help@example.mx', helpUrl: 'https://help.example' },
    getEvent: demoEvent(),
    newPurchase: purchaseResponse,
  };
  const answer = (name: keyof ApiClient) => async (...args: unknown[]) => {
    calls[name].push(args);
    let value = name in responses ? responses[name] : defaults[name];
    if (typeof value === 'function') value = await (value as (...a: unknown[]) => unknown)(...args);
    if (value instanceof Error) throw value;
    if (value === undefined) throw new ApiError(500);
    return value;
  };
  const api = Object.fromEntries(Object.keys(calls).map((name) => [name, answer(name as keyof ApiClient)])) as unknown as ApiClient;
  return { api, calls };
}

/** A RootStore on the fake API with recorded toasts and in-memory storages. */
export function buildRoot(responses: Partial<Record<keyof ApiClient, unknown>> = {}) {
  const { api, calls } = fakeApi(responses);
  const notifications: Notification[] = [];
  const sessionStorage = memoryStorage();
  const localStorage = memoryStorage();
  // The bot check answers 'token-1' and records the action it was asked for.
  const botCheckActions: string[] = [];
  const botCheck = { getToken: async (action: string) => (botCheckActions.push(action), 'token-1') };
  const root = new RootStore({ api, botCheck, notifier: (n) => notifications.push(n), sessionStorage, localStorage });
  return { root, calls, botCheckActions, notifications, sessionStorage, localStorage };
}
