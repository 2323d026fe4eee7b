import { generateKeyPairSync } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoogleWallet, signSaveJwt, type SaveToWalletClaims } from '../../../src/server/wallet/google-wallet';
import type { TicketPass } from '../../../src/server/wallet/ticket-pass';
import { createTestApp, type TestApp } from '../../support/test-app';

const pass: TicketPass = {
  ticketId: '0b6f1f3e-7a51-4bb5-9f0e-2d6c1a9e8f70', purchaseId: 'c0ffee00-0000-4000-8000-000000000002', folio: '000007', qrSecret: 'gate-secret_Q1w2E3', eventId: 3,
  eventName: 'Noche <de> Jazz', eventUrl: 'http://localhost/jazz', startsAt: '2026-05-02T20:30:00-06:00', endsAt: null,
  venue: { name: 'Foro Sol', address: 'Viaducto Río de la Piedad, CDMX' },
  colours: { background: 'rgb(250, 250, 250)', foreground: 'rgb(0, 0, 0)', label: 'rgb(90, 90, 90)' },
  ticketTypeName: 'Palco', attendeeName: 'Luis Pérez', seat: null, lang: 'es', voided: false,
};

describe('Google Wallet sandbox save page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** The save link the server's own wallet signs (the app and this test read the same sandbox key from data/). */
  async function savePath(forPass: TicketPass = pass): Promise<string> {
    const url = await createGoogleWallet(t.ctx.config).saveUrl(forPass, 'http://localhost', t.ctx.now());
    return new URL(url).pathname;
  }

  it('verifies the link and shows the pass it carries, with its QR secret, in the buyer’s language', async () => {
    const res = await t.app.inject({ method: 'GET', url: await savePath() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<html lang="es">');
    expect(res.body).toContain('Noche &lt;de&gt; Jazz');
    expect(res.body).toContain('Luis Pérez');
    expect(res.body).toContain('000007');
    expect(res.body).toContain('gate-secret_Q1w2E3');
    expect(res.body).toContain('Foro Sol');
    expect(res.body).toMatch(/<svg role="img" aria-label="Código QR del boleto"/);

    const english = await t.app.inject({ method: 'GET', url: await savePath({ ...pass, lang: 'en' }) });
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('Ticket type');
  });

  it('refuses a tampered link, one signed by another key, and garbage with a 400 page', async () => {
    const path = await savePath();
    const jwt = path.slice(path.lastIndexOf('/') + 1);
    const [header, , signature] = jwt.split('.');
    const claims = decodeJwt(jwt) as SaveToWalletClaims;
    claims.payload.eventTicketObjects[0].barcode.value = 'someone-elses-ticket';
    const tampered = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;

    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const key = await createGoogleWallet(t.ctx.config).signingKey();
    const foreign = await signSaveJwt({ email: key.email, privateKey: other.privateKey, publicKey: other.publicKey }, { origin: 'http://localhost', payload: claims.payload }, t.ctx.now());

    for (const bad of [tampered, foreign, 'abc', `${jwt.slice(0, -4)}`, 'x'.repeat(13_000)]) {
      const res = await t.app.inject({ method: 'GET', url: `/sandbox/google-wallet/save/${bad}`, headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('This pass cannot be saved');
      expect(res.body).not.toContain('someone-elses-ticket');
    }
  });

  it('refuses an expired link with 410', async () => {
    const path = await savePath();
    t.advance(25 * 60 * 60 * 1000);
    const res = await t.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(410);
    expect(res.body).toContain('El enlace ya venció');
  });
});

describe('Google Wallet with a service account', () => {
  it('has no sandbox save page', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const serviceAccount = JSON.stringify({ client_email: 'w@p.iam.gserviceaccount.com', private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }) });
    const live = await createTestApp({ googleWallet: { issuerId: '3388000000012345678', serviceAccount, issuerName: 'Boletos', saveUrl: 'https://pay.google.com/gp/v/save/', apiUrl: 'https://walletobjects.googleapis.com', tokenUrl: 'https://oauth2.googleapis.com/token' } });
    try {
      const res = await live.app.inject({ method: 'GET', url: '/sandbox/google-wallet/save/abc' });
      expect(res.statusCode).toBe(404);
    } finally {
      await live.close();
    }
  });
});
