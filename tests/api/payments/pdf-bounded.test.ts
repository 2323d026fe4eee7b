import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body } from '../../support/test-app';
import { skipDatabase } from '../../support/test-database';
import { buyer, createPaymentsApp, pdfText, type PaymentsTestApp } from './helpers';

/**
 * A ticket PDF costs bounded work whatever is stored (names are clipped before pdfkit lays
 * them out), and it is drawn off the event loop: the server keeps answering meanwhile.
 */
describe.skipIf(skipDatabase)('ticket PDF: bounded and off the event loop', () => {
  let t: PaymentsTestApp;
  let paid: { id: string; emission: string };
  const LONG = 'a'.repeat(100_000);

  beforeAll(async () => {
    t = await createPaymentsApp();
    const id = await t.purchase([{ ticket_id: 1, cantidad: 10 }]);
    await t.fillForm(id, Array.from({ length: 10 }, (_, i) => `Asistente ${i + 1}`));
    const { widget_url } = body(await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/create-session', payload: { purchase_id: id, buyer_info: buyer() }, headers: t.keyed(id) }));
    await t.app.inject({ method: 'POST', url: `${widget_url}/approve` });
    const loader = body(await t.app.inject({ method: 'POST', url: '/api/payments/fintoc/loader-process', payload: { purchase_id: id }, headers: t.keyed(id) }));
    paid = { id, emission: loader.reload.emission_id as string };
    // Old data, from before answers were capped: written straight into the database.
    await t.ctx.db.kysely.updateTable('tickets').set({ attendee_name: LONG }).where('purchase_id', '=', id).execute();
  });
  afterAll(() => t.close());

  it('renders 10 tickets with 100,000-character names, and /api/config answers while it is being drawn', async () => {
    let pdfDone = false;
    const pdf = t.app.inject({ url: `/api/emissions/download/all?emission_id=${paid.emission}&purchase_id=${paid.id}`, headers: t.keyed(paid.id) }).then((res) => {
      pdfDone = true;
      return res;
    });
    const config = await t.app.inject('/api/config');
    expect(config.statusCode).toBe(200);
    expect(pdfDone).toBe(false);

    const res = await pdf;
    expect(res.statusCode).toBe(200);
    const { text, pages } = pdfText(res.rawPayload);
    expect(pages).toBe(10);
    // The name is printed clipped to 120 characters, the last one an ellipsis (it wraps over lines).
    const joined = text.replace(/\s+/g, '');
    expect(joined.match(/a{119}…/g)).toHaveLength(10);
    expect(joined).not.toMatch(/a{120}/);
  });
});
