import { generateKeyPairSync } from 'node:crypto';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoogleWallet, type SaveToWalletClaims } from '../../../src/server/wallet/google-wallet';
import { readServiceAccount } from '../../../src/server/wallet/google-wallet-keys';
import { skipDatabase } from '../../support/test-database';
import { buyer, createPaymentsApp, eventWithDetails, passUrl, payWithFintoc, walletList, type PaymentsTestApp } from './helpers';

/** Google's own save page (GOOGLE_WALLET_SAVE_URL's default). */
const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';

/** The "Add to Google Wallet" link of a pass page's HTML. */
function googleLink(html: string): string {
  const href = /<a class="wallet-button google" href="([^"]+)"[^>]*>([^<]+)<\/a>/.exec(html);
  expect(href, 'the Google Wallet button').not.toBeNull();
  return href![1].replace(/&amp;/g, '&');
}

describe.skipIf(skipDatabase)('the pass page’s Add to Google Wallet (sandbox)', () => {
  let t: PaymentsTestApp;
  let paid: { id: string; emission: string };
  beforeAll(async () => {
    t = await createPaymentsApp({ publicUrl: 'https://boletos.example.mx' });
    await t.importEvent(eventWithDetails);
    paid = await payWithFintoc(t, await t.purchase([{ ticket_id: 2, cantidad: 2 }]), buyer({ name: 'Jane Doe', lang: 'en' }));
  });
  afterAll(() => t.close());

  it('links to the sandbox save page with a JWT the sandbox key signed, carrying this ticket and the PDF’s QR secret', async () => {
    const [ticket] = await walletList(t, paid);
    const html = (await t.app.inject(await passUrl(t, paid, ticket.id))).body;
    expect(html).toMatch(/>Add to Google Wallet<\/a>/);
    expect(html).toContain('nothing reaches Google');
    const link = googleLink(html);
    expect(link.startsWith('https://boletos.example.mx/sandbox/google-wallet/save/')).toBe(true);

    const jwt = link.slice(link.lastIndexOf('/') + 1);
    const key = await createGoogleWallet(t.ctx.config).signingKey();
    const { payload, protectedHeader } = await jwtVerify(jwt, key.publicKey, { algorithms: ['RS256'], audience: 'google', issuer: key.email });
    expect(protectedHeader.alg).toBe('RS256');
    const claims = payload as SaveToWalletClaims;
    expect(claims.typ).toBe('savetowallet');
    expect(claims.origins).toEqual(['https://boletos.example.mx']);
    const [row] = await t.rows('tickets', 'id', ticket.id);
    const [object] = claims.payload.eventTicketObjects;
    expect(object).toMatchObject({
      id: `3388000000000000000.${ticket.id}`,
      state: 'ACTIVE',
      barcode: { type: 'QR_CODE', value: row.qr_secret },
      ticketHolderName: 'Jane Doe',
      ticketNumber: ticket.serial,
    });
    expect(object.seatInfo).toBeUndefined();
    const [eventClass] = claims.payload.eventTicketClasses;
    expect(eventClass).toMatchObject({
      id: object.classId,
      eventName: { defaultValue: { language: 'en-US', value: 'Concierto de Prueba' } },
      dateTime: { start: '2026-12-05T20:00:00-06:00', end: '2026-12-06T01:30:00-06:00' },
      venue: { name: { defaultValue: { value: 'Foro Sol' } } },
      hexBackgroundColor: '#112233',
    });

    // Following the link: the sandbox save page verifies it and shows that ticket.
    const save = await t.app.inject(new URL(link).pathname);
    expect(save.statusCode).toBe(200);
    expect(save.body).toContain(row.qr_secret);
    expect(save.body).toContain(ticket.serial);
  });

  it('each ticket gets its own object; the event’s class is shared', async () => {
    const tickets = await walletList(t, paid);
    const key = await createGoogleWallet(t.ctx.config).signingKey();
    const claims = await Promise.all(tickets.map(async (ticket) => {
      const jwt = googleLink((await t.app.inject(await passUrl(t, paid, ticket.id))).body).split('/').pop()!;
      return (await jwtVerify(jwt, key.publicKey)).payload as SaveToWalletClaims;
    }));
    expect(new Set(claims.map((c) => c.payload.eventTicketObjects[0].id)).size).toBe(2);
    expect(new Set(claims.map((c) => c.payload.eventTicketClasses[0].id)).size).toBe(1);
  });
});

describe.skipIf(skipDatabase)('the pass page’s Add to Google Wallet (live)', () => {
  it('links to Google’s save page, signed with the service account', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const serviceAccount = JSON.stringify({ client_email: 'wallet@project.iam.gserviceaccount.com', private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }) });
    const t = await createPaymentsApp({ googleWallet: { issuerId: '3388000000012345678', serviceAccount, issuerName: 'Boletos', saveUrl: GOOGLE_SAVE_URL, apiUrl: 'https://walletobjects.googleapis.com', tokenUrl: 'https://oauth2.googleapis.com/token' } });
    try {
      await t.importEvent(eventWithDetails);
      const paid = await payWithFintoc(t, await t.purchase([{ ticket_id: 2, cantidad: 1 }]));
      const [ticket] = await walletList(t, paid);
      const html = (await t.app.inject(await passUrl(t, paid, ticket.id))).body;
      expect(html).toContain('Agregar a Google Wallet');
      expect(html).not.toContain('nada llega a Google');
      const link = googleLink(html);
      expect(link.startsWith(GOOGLE_SAVE_URL)).toBe(true);
      const { payload } = await jwtVerify(link.slice(GOOGLE_SAVE_URL.length), readServiceAccount(serviceAccount).publicKey, { audience: 'google', issuer: 'wallet@project.iam.gserviceaccount.com' });
      expect((payload as SaveToWalletClaims).payload.eventTicketObjects[0].id).toBe(`3388000000012345678.${ticket.id}`);
    } finally {
      await t.close();
    }
  });
});
