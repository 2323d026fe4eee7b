import fixture from '../fixtures/pagos-api.event.json';
import { body } from '../../support/test-app';
import { buyer, createPaymentsApp, type PaymentsTestApp } from '../payments/helpers';

/** The payments fixture event with a date, a venue and pass colours, as an operator would write them. */
export const eventWithDetails = {
  ...fixture,
  event: {
    ...fixture.event,
    starts_at: '2026-12-05T20:00:00-06:00',
    ends_at: '2026-12-06T01:30:00-06:00',
    venue: { name: 'Foro Sol', address: 'Viaducto Río de la Piedad s/n, CDMX', latitude: 19.4055, longitude: -99.0927 },
    pass_colors: { background: '#112233', foreground: '#ffffff' },
  },
};

/** Pays a purchase through the Fintoc sandbox (approve, then the loader), as a buyer does; returns its ids. */
export async function payWithFintoc(t: PaymentsTestApp, id: string, buyerInfo = buyer()): Promise<{ id: string; emission: string }> {
  const { widget_url } = body(await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/create-session', payload: { purchase_id: id, buyer_info: buyerInfo }, headers: t.keyed(id) }));
  await t.app.inject({ method: 'POST', url: `${widget_url}/approve` });
  const loader = body(await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/loader-process', payload: { purchase_id: id }, headers: t.keyed(id) }));
  return { id, emission: loader.reload.emission_id as string };
}

/** The wallet dialog's list of a paid purchase (ticket ids, names and folios). */
export async function walletList(t: PaymentsTestApp, paid: { id: string; emission: string }): Promise<{ id: string; name: string; serial: string }[]> {
  const res = await t.app.inject({ url: `/api/emissions/obtener/wallet?emission_id=${paid.emission}&purchase_id=${paid.id}`, headers: t.keyed(paid.id) });
  return body(res).emisiones;
}

export { buyer, createPaymentsApp, type PaymentsTestApp };

/** The URL the wallet dialog's Download opens for one ticket (POST /api/emissions/download/wallet). */
export async function passUrl(t: PaymentsTestApp, paid: { id: string }, ticketId: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/emissions/download/wallet', payload: { emission_id: ticketId, purchase_id: paid.id }, headers: t.keyed(paid.id) });
  if (res.statusCode !== 200) throw new Error(`download/wallet ${res.statusCode}: ${res.body}`);
  return body(res).url as string;
}
