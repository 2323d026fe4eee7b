import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../../../src/server/config';
import { googleWalletSandboxAccount } from '../../../../sandbox/wallet';
import { verifySaveJwt } from '../../../../sandbox/wallet/google-wallet-save';
import { withDemoSandbox } from '../../../../src/server/cli/demo-sandbox';
import { createGoogleWallet, signSaveJwt, type SaveToWalletClaims } from '../../../../src/server/wallet/google-wallet';
import { readServiceAccount } from '../../../../src/server/wallet/google-wallet-keys';
import { googleWalletTicket, hexColour, walletIdSuffix } from '../../../../src/server/wallet/google-wallet-pass';
import type { TicketPass } from '../../../../src/server/wallet/ticket-pass';

const dir = mkdtempSync(join(tmpdir(), 'google-wallet-'));
const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const pass: TicketPass = {
  ticketId: '5f0c7a52-2b1e-4c8e-9d1a-0a7f3e2b9c11',
  purchaseId: 'c0ffee00-0000-4000-8000-000000000001',
  folio: '000042',
  qrSecret: 'qr-secret-Zx9_-abc',
  eventId: 7,
  eventName: 'Festival Marea Sonora 2026',
  eventUrl: 'https://boletos.example.mx/demo',
  startsAt: '2026-03-14T16:00:00-06:00',
  endsAt: '2026-03-15T02:00:00-06:00',
  venue: { name: 'Parque Bicentenario', address: 'Av. 5 de Mayo 290, CDMX', latitude: 19.47, longitude: -99.2 },
  colours: { background: 'rgb(18, 52, 86)', foreground: 'rgb(255, 255, 255)', label: 'rgb(200, 200, 200)' },
  ticketTypeName: 'VIP',
  attendeeName: 'Ana López',
  seat: 'A-12',
  lang: 'es',
  voided: false,
};
const now = new Date('2026-03-01T12:00:00Z');

describe('Google Wallet event ticket class and object', () => {
  it('fills the class per event and the object per ticket with Google’s field names', () => {
    const { eventTicketClass, eventTicketObject } = googleWalletTicket(pass, { issuerId: '3388000000012345678', issuerName: 'Boletos' });
    expect(eventTicketClass).toEqual({
      id: '3388000000012345678.event-7',
      issuerName: 'Boletos',
      localizedIssuerName: { defaultValue: { language: 'es-MX', value: 'Boletos' } },
      eventName: { defaultValue: { language: 'es-MX', value: 'Festival Marea Sonora 2026' } },
      eventId: 'event-7',
      reviewStatus: 'UNDER_REVIEW',
      hexBackgroundColor: '#123456',
      homepageUri: { uri: 'https://boletos.example.mx/demo', description: 'Festival Marea Sonora 2026' },
      venue: { name: { defaultValue: { language: 'es-MX', value: 'Parque Bicentenario' } }, address: { defaultValue: { language: 'es-MX', value: 'Av. 5 de Mayo 290, CDMX' } } },
      dateTime: { start: '2026-03-14T16:00:00-06:00', end: '2026-03-15T02:00:00-06:00' },
      locations: [{ latitude: 19.47, longitude: -99.2 }],
    });
    expect(eventTicketObject).toEqual({
      id: '3388000000012345678.5f0c7a52-2b1e-4c8e-9d1a-0a7f3e2b9c11',
      classId: '3388000000012345678.event-7',
      state: 'ACTIVE',
      barcode: { type: 'QR_CODE', value: 'qr-secret-Zx9_-abc', alternateText: '000042' },
      ticketHolderName: 'Ana López',
      ticketNumber: '000042',
      ticketType: { defaultValue: { language: 'es-MX', value: 'VIP' } },
      hexBackgroundColor: '#123456',
      seatInfo: { seat: { defaultValue: { language: 'es-MX', value: 'A-12' } } },
    });
  });

  it('leaves out what the event does not have (no seat, venue or date) and speaks English for an English buyer', () => {
    const { eventTicketClass, eventTicketObject } = googleWalletTicket({ ...pass, seat: null, venue: null, startsAt: null, endsAt: null, lang: 'en' }, { issuerId: '1', issuerName: 'Boletos' });
    expect(eventTicketObject.seatInfo).toBeUndefined();
    expect(eventTicketClass.venue).toBeUndefined();
    expect(eventTicketClass.locations).toBeUndefined();
    expect(eventTicketClass.dateTime).toBeUndefined();
    expect(eventTicketClass.eventName.defaultValue.language).toBe('en-US');
  });

  it('keeps ids to the characters Google allows and colours to #rrggbb', () => {
    expect(walletIdSuffix('ab c/ñ:1.2_3-4')).toBe('ab_c___1.2_3-4');
    expect(hexColour('rgb(255, 0, 16)')).toBe('#ff0010');
    expect(hexColour('#ABCDEF')).toBe('#abcdef');
  });
});

describe('the save-to-wallet JWT', () => {
  // The first call loads the whole sandbox (a large module graph) and makes the service account's key:
  // seconds on a busy machine, beyond the default 5 s.
  it('is RS256, signed by the (test) service account, with Google’s claims and the pass in its payload', { timeout: 30_000 }, async () => {
    const wallet = createGoogleWallet((await withDemoSandbox(readConfig({ WALLET_SANDBOX_DIR: dir }))).config);
    expect(wallet.mode).toBe('sandbox');
    const url = await wallet.saveUrl(pass, 'https://boletos.example.mx', now);
    expect(url.startsWith('https://boletos.example.mx/sandbox/google-wallet/save/')).toBe(true);
    const jwt = url.slice(url.lastIndexOf('/') + 1);
    expect(decodeProtectedHeader(jwt)).toEqual({ alg: 'RS256', typ: 'JWT' });
    const key = await wallet.signingKey();
    const { payload } = await jwtVerify(jwt, key.publicKey, { algorithms: ['RS256'], currentDate: now });
    const claims = payload as SaveToWalletClaims;
    const { issuerId, serviceAccount } = googleWalletSandboxAccount(dir);
    expect(claims).toMatchObject({ iss: JSON.parse(serviceAccount).client_email, aud: 'google', typ: 'savetowallet', origins: ['https://boletos.example.mx'], iat: now.getTime() / 1000 });
    expect(claims.payload.eventTicketClasses).toEqual([googleWalletTicket(pass, { issuerId, issuerName: 'Boletos' }).eventTicketClass]);
    expect(claims.payload.eventTicketObjects[0].barcode.value).toBe(pass.qrSecret);
    expect(claims.payload.eventTicketObjects[0].id).toBe(`${issuerId}.${pass.ticketId}`);
  });

  it('reuses the test service account kept on disk', () => {
    expect(googleWalletSandboxAccount(join(dir, 'reused'))).toEqual(googleWalletSandboxAccount(join(dir, 'reused')));
  });

  it('refuses a tampered payload, another key’s signature and an expired link', async () => {
    const key = readServiceAccount(googleWalletSandboxAccount(dir).serviceAccount);
    const content = { origin: 'https://boletos.example.mx', payload: { eventTicketClasses: [], eventTicketObjects: [googleWalletTicket(pass, { issuerId: '1', issuerName: 'B' }).eventTicketObject] } };
    const jwt = await signSaveJwt(key, content, now);
    expect((await verifySaveJwt(jwt, key, now)).ok).toBe(true);

    const [header, body, signature] = jwt.split('.');
    const claims = decodeJwt(jwt) as SaveToWalletClaims;
    claims.payload.eventTicketObjects[0].barcode.value = 'forged';
    const forged = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
    expect(body).not.toBe(forged.split('.')[1]);
    expect(await verifySaveJwt(forged, key, now)).toEqual({ ok: false, reason: 'invalid' });

    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const foreign = await signSaveJwt({ email: key.email, privateKey: other.privateKey, publicKey: other.publicKey }, content, now);
    expect(await verifySaveJwt(foreign, key, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(await verifySaveJwt('not.a.jwt', key, now)).toEqual({ ok: false, reason: 'invalid' });

    const later = new Date(now.getTime() + 25 * 60 * 60 * 1000);
    expect(await verifySaveJwt(jwt, key, later)).toEqual({ ok: false, reason: 'expired' });
  });
});

describe('live mode', () => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const account = JSON.stringify({ type: 'service_account', client_email: 'wallet@project.iam.gserviceaccount.com', private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }) });

  it('signs with the service account (inline JSON or its file) and links to Google’s save page', async () => {
    const file = join(dir, 'account.json');
    writeFileSync(file, account);
    for (const serviceAccount of [account, file]) {
      const wallet = createGoogleWallet(readConfig({ GOOGLE_WALLET_ISSUER_ID: '3388000000012345678', GOOGLE_WALLET_SERVICE_ACCOUNT: serviceAccount }));
      expect(wallet.mode).toBe('live');
      const url = await wallet.saveUrl(pass, 'https://boletos.example.mx', now);
      expect(url.startsWith(GOOGLE_SAVE_URL)).toBe(true);
      const verdict = await verifySaveJwt(url.slice(GOOGLE_SAVE_URL.length), readServiceAccount(account), now);
      expect(verdict.ok && verdict.claims.payload.eventTicketObjects[0].id).toBe(`3388000000012345678.${pass.ticketId}`);
    }
  });

  it('stops the start on an unusable service account', () => {
    expect(() => createGoogleWallet(readConfig({ GOOGLE_WALLET_ISSUER_ID: '1', GOOGLE_WALLET_SERVICE_ACCOUNT: '{"client_email": 1}' }))).toThrow(/client_email/);
    expect(() => createGoogleWallet(readConfig({ GOOGLE_WALLET_ISSUER_ID: '1', GOOGLE_WALLET_SERVICE_ACCOUNT: join(dir, 'missing.json') }))).toThrow(/no file/);
  });
});
