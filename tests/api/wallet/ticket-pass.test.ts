import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findEventById } from '../../../src/server/repositories/event.repository';
import { loadTicketPass } from '../../../src/server/wallet/load-ticket-pass';
import { skipDatabase } from '../../support/test-database';
import fixture from '../fixtures/pagos-api.event.json';
import { buyer, createPaymentsApp, eventWithDetails, payWithFintoc, walletList, type PaymentsTestApp } from './helpers';

/** The event file's date, venue and colours are stored by the import and reach a ticket's pass. */
describe.skipIf(skipDatabase)('event details and loadTicketPass', () => {
  let t: PaymentsTestApp;
  let paid: { id: string; emission: string };
  const origin = 'https://boletos.example.mx';

  beforeAll(async () => {
    t = await createPaymentsApp();
    const id = await t.purchase([{ ticket_id: 2, cantidad: 2 }]);
    paid = await payWithFintoc(t, id, buyer({ name: 'Jane Doe', email: 'jane@example.com', lang: 'en' }));
  });
  afterAll(() => t.close());

  it('an event without them: no date or venue, the theme colours', async () => {
    const [first] = await walletList(t, paid);
    const pass = await loadTicketPass(t.ctx.db.kysely, first.id, { origin });
    const [ticket] = await t.rows('tickets', 'id', first.id);
    expect(pass).toEqual({
      ticketId: first.id,
      purchaseId: paid.id,
      folio: first.serial,
      qrSecret: ticket.qr_secret,
      eventId: Number(ticket.event_id),
      eventName: 'Concierto de Prueba',
      eventUrl: 'https://boletos.example.mx/pagos-api',
      startsAt: null,
      endsAt: null,
      venue: null,
      colours: { background: 'rgb(31, 79, 191)', foreground: 'rgb(255, 255, 255)', label: 'rgb(220, 230, 255)' },
      ticketTypeName: 'Platea',
      attendeeName: 'Jane Doe',
      seat: null,
      lang: 'en',
      voided: false,
    });
  });

  it('the import stores them, a re-import without them clears them, and the pass shows them', async () => {
    await t.importEvent(eventWithDetails);
    const [, second] = await walletList(t, paid);
    const pass = (await loadTicketPass(t.ctx.db.kysely, second.id, { origin: `${origin}/` }))!;
    expect(pass.folio).toBe(second.serial);
    expect(pass.eventUrl).toBe('https://boletos.example.mx/pagos-api');
    expect(pass.startsAt).toBe('2026-12-05T20:00:00-06:00');
    expect(pass.endsAt).toBe('2026-12-06T01:30:00-06:00');
    expect(pass.venue).toEqual(eventWithDetails.event.venue);
    // Missing colours take the theme's; given ones are converted to rgb().
    expect(pass.colours).toEqual({ background: 'rgb(17, 34, 51)', foreground: 'rgb(255, 255, 255)', label: 'rgb(220, 230, 255)' });

    await t.importEvent(fixture);
    const event = (await findEventById(t.ctx.db.kysely, pass.eventId))!;
    expect([event.starts_at, event.ends_at, event.venue, event.pass_colors]).toEqual([null, null, null, {}]);
    await t.importEvent(eventWithDetails);
  });

  it('no pass for an unknown ticket, nor for one whose purchase is no longer paid', async () => {
    expect(await loadTicketPass(t.ctx.db.kysely, 'no-such-ticket', { origin })).toBeUndefined();
    const other = await payWithFintoc(t, await t.purchase([{ ticket_id: 2, cantidad: 1 }]));
    const [ticket] = await walletList(t, other);
    expect(await loadTicketPass(t.ctx.db.kysely, ticket.id, { origin })).toBeDefined();
    // A refund turns the purchase's status; its tickets stay in the table but must not open.
    await t.ctx.db.kysely.updateTable('purchases').set({ status: 'refunded' }).where('id', '=', other.id).execute();
    expect(await loadTicketPass(t.ctx.db.kysely, ticket.id, { origin })).toBeUndefined();
  });
});
