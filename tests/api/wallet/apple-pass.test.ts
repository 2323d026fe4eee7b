import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appleTestChain } from '../../../sandbox/wallet';
import { recomputedManifest, unpackPass, verifyPassSignature } from '../../support/pkpass';
import { skipDatabase } from '../../support/test-database';
import { buyer, createPaymentsApp, eventWithDetails, passUrl, payWithFintoc, walletList, type PaymentsTestApp } from './helpers';

/** The Apple Wallet pass a buyer downloads from the pass page, checked the way Wallet checks it: hashes, then signature. */
describe.skipIf(skipDatabase)('Apple Wallet pass (sandbox chain)', () => {
  let t: PaymentsTestApp;
  let paid: { id: string; emission: string };
  let root: string;

  beforeAll(async () => {
    t = await createPaymentsApp();
    await t.importEvent(eventWithDetails);
    paid = await payWithFintoc(t, await t.purchase([{ ticket_id: 2, cantidad: 2 }]), buyer({ name: 'Jane Doe', email: 'jane@example.com', lang: 'en' }));
    // The test chain the server was configured with: its root stands in for Apple's WWDR.
    root = appleTestChain(t.ctx.config.walletSandboxDir).wwdrPem;
  });
  afterAll(() => t.close());

  async function download(ticketId: string) {
    return t.app.inject(`${await passUrl(t, paid, ticketId)}/apple.pkpass`);
  }

  it('is served as a .pkpass named after the folio, not cached', async () => {
    const [ticket] = await walletList(t, paid);
    const res = await download(ticket.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="boleto_${ticket.serial}.pkpass"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('carries the ticket: event, date, venue, type, attendee, folio, the PDF\'s QR secret, relevance and colours', async () => {
    const [ticket] = await walletList(t, paid);
    const files = unpackPass((await download(ticket.id)).rawPayload);
    for (const image of ['icon.png', 'icon@2x.png', 'icon@3x.png', 'logo.png', 'logo@2x.png', 'logo@3x.png']) {
      expect(files.get(image)?.subarray(1, 4).toString('ascii'), image).toBe('PNG');
    }
    const pass = JSON.parse(files.get('pass.json')!.toString('utf8'));
    const [row] = await t.rows('tickets', 'id', ticket.id);
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: appleTestChain(t.ctx.config.walletSandboxDir).passTypeId,
      teamIdentifier: appleTestChain(t.ctx.config.walletSandboxDir).teamId,
      serialNumber: ticket.id,
      backgroundColor: 'rgb(17, 34, 51)',
      foregroundColor: 'rgb(255, 255, 255)',
      labelColor: 'rgb(220, 230, 255)',
      barcodes: [{ format: 'PKBarcodeFormatQR', message: row.qr_secret, messageEncoding: 'iso-8859-1', altText: ticket.serial }],
      locations: [{ latitude: 19.4055, longitude: -99.0927 }],
    });
    expect(Date.parse(pass.relevantDate)).toBe(Date.parse('2026-12-05T20:00:00-06:00'));
    const fields = Object.fromEntries(
      ['headerFields', 'primaryFields', 'secondaryFields', 'auxiliaryFields'].flatMap((group) => pass.eventTicket[group]).map((f: { key: string }) => [f.key, f]),
    );
    expect(fields.event).toMatchObject({ label: 'Event', value: 'Concierto de Prueba' });
    expect(fields.date).toMatchObject({ label: 'When', value: '2026-12-05T20:00:00-06:00', ignoresTimeZone: true });
    expect(fields.venue).toMatchObject({ label: 'Where', value: 'Foro Sol' });
    expect(fields.ticketType).toMatchObject({ label: 'Ticket type', value: 'Platea' });
    expect(fields.attendee).toMatchObject({ label: 'Attendee', value: 'Jane Doe' });
    expect(fields.folio).toMatchObject({ label: 'Folio', value: ticket.serial });
  });

  it('lists every file\'s SHA-1 in manifest.json, and the signature over it verifies against the chain\'s root', async () => {
    const [, ticket] = await walletList(t, paid);
    const files = unpackPass((await download(ticket.id)).rawPayload);
    const manifest = files.get('manifest.json')!;
    expect(JSON.parse(manifest.toString('utf8'))).toEqual(recomputedManifest(files));
    const verdict = verifyPassSignature(files.get('signature')!, manifest, root);
    expect(verdict.output).toContain('Verification successful');
    expect(verdict.ok).toBe(true);
    // The check is real: a manifest changed after signing fails it.
    const tampered = Buffer.from(manifest.toString('utf8').replace(/"pass.json":"[0-9a-f]/, (m) => m.slice(0, -1) + (m.endsWith('0') ? '1' : '0')));
    expect(verifyPassSignature(files.get('signature')!, tampered, root).ok).toBe(false);
  });
});
