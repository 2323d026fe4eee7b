import type { APIRequestContext } from '@playwright/test';
import { botCheckToken, expect } from './fixtures';

/** A paid (free) order of two /demo-free tickets made through the API, as the check-in spec makes one: its number and buyer's address. */
export async function paidOrder(request: APIRequestContext): Promise<{ purchaseId: string; email: string }> {
  const created = await request.post('/api/payments/new-purchase', {
    data: { url: 'demo-free', token: await botCheckToken(request, 'new_purchase'), code: null, identificador: null, tickets: [{ ticket_id: 1, cantidad: 2 }] },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { purchase_id: purchaseId, access_key: key } = (await created.json()) as { purchase_id: string; access_key: string };
  const headers = { 'x-purchase-key': key };
  const form = { 1: ['Ana López', 'Luis Pérez'].map((nombre, i) => ({ nombre, correo: `orden${i}@example.mx` })) };
  expect((await request.put('/api/payments/add-info-purchase', { data: { purchase_id: purchaseId, form }, headers })).status()).toBe(200);
  const email = `orden-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.mx`;
  const verified = await request.post('/api/payments/free/verify-free', {
    data: { purchase_id: purchaseId, buyer_info: { name: 'Ana López', email, phone: '5512345678' }, token: await botCheckToken(request, 'validate_free_access') },
    headers,
  });
  expect(verified.status(), await verified.text()).toBe(200);
  const { secretuuid } = (await verified.json()) as { secretuuid: string };
  const loaded = await request.post('/api/payments/free/loader-process', { data: { token: secretuuid, g_token: await botCheckToken(request, 'validate_free_access_loader') } });
  expect(loaded.status(), await loaded.text()).toBe(200);
  return { purchaseId, email };
}
