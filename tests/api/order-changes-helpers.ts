import fixture from './fixtures/pagos-api.event.json';
import { ADMIN } from './checkin-helpers';
import { createPaymentsApp, mailText, type PaymentsTestApp } from './payments/helpers';

export const PUBLIC_URL = 'https://boletos.example';

/** The payments test app with the admin API and PUBLIC_URL (e-mails carry links), its event imported with `extra` (transfers, refund_policy). */
export async function createOrderChangesApp(extra: Record<string, unknown>): Promise<PaymentsTestApp> {
  const t = await createPaymentsApp({ adminToken: ADMIN, rateLimitAdminMax: 10_000, rateLimitMax: 10_000, publicUrl: PUBLIC_URL });
  await importWith(t, extra);
  return t;
}

/** Imports the fixture event again with `extra` at its top level. */
export function importWith(t: PaymentsTestApp, extra: Record<string, unknown>): Promise<unknown> {
  return t.importEvent({ ...structuredClone(fixture), ...extra });
}

/** An ISO time `days` from now (negative: in the past). */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** The purchase id and key of the order-page link in an e-mail (`/{url}/order#purchase_id=…&key=…`). */
export function orderLinkOf(eml: string): { purchaseId: string; key: string } {
  const link = /https:\/\/boletos\.example\/[^/\s]+\/order#(\S+)/.exec(mailText(eml))?.[1];
  if (!link) throw new Error('no order link in the e-mail');
  const params = new URLSearchParams(link);
  return { purchaseId: params.get('purchase_id')!, key: params.get('key')! };
}
