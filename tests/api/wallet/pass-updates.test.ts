import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body } from '../../support/test-app';
import { unpackPass } from '../../support/pkpass';
import { skipDatabase } from '../../support/test-database';
import { admin, createCheckinApp, paidWithPayPal } from '../checkin-helpers';
import { pathOf, type PaymentsTestApp } from '../payments/helpers';

const DEVICE = '0123456789abcdef0123456789abcdef';
const PUSH_TOKEN = 'ab'.repeat(32);

/** A save link's href on the pass page (the Google Wallet button). */
function googleLink(html: string): string {
  const href = /<a class="wallet-button google" href="([^"]+)"/.exec(html);
  if (!href) throw new Error('no Google Wallet button on the pass page');
  return href[1].replace(/&amp;/g, '&');
}

/**
 * Passes follow the order: after the organiser cancels, the phone that registered the Apple pass gets one
 * APNs push (the sandbox records it), the pass it then fetches says `voided`, and the Google Wallet
 * object the buyer saved is INACTIVE at the stand-in of Google's REST API.
 */
describe.skipIf(skipDatabase)('passes after the organiser cancels', () => {
  let t: PaymentsTestApp;
  beforeAll(async () => {
    t = await createCheckinApp();
  });
  afterAll(() => t.close());

  it('pushes to the registered phone, serves the pass voided, and turns the Google object INACTIVE', async () => {
    const paid = await paidWithPayPal(t);
    const [ticket, other] = paid.tickets;
    const page = async (ticketId: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/emissions/download/wallet', payload: { emission_id: ticketId, purchase_id: paid.id }, headers: t.keyed(paid.id) });
      return pathOf(body(res).url as string);
    };
    const pagePath = await page(ticket.id);
    const passJson = (res: { rawPayload: Buffer }) => JSON.parse(unpackPass(res.rawPayload).get('pass.json')!.toString('utf8'));
    const pass = passJson(await t.app.inject(`${pagePath}/apple.pkpass`));
    expect(pass.voided).toBeUndefined();
    const auth = { authorization: `ApplePass ${pass.authenticationToken}` };
    const registered = await t.app.inject({
      method: 'POST', url: `/api/wallet/apple/v1/devices/${DEVICE}/registrations/${pass.passTypeIdentifier}/${ticket.id}`, headers: auth, payload: { pushToken: PUSH_TOKEN },
    });
    expect(registered.statusCode).toBe(201);
    // The buyer saves both tickets to Google Wallet (the stand-in creates the objects, as Google's first save does).
    for (const id of [ticket.id, other.id]) expect((await t.app.inject(pathOf(googleLink((await t.app.inject(await page(id))).body)))).statusCode).toBe(200);
    const objectOf = async (id: string) => t.app.inject(`/sandbox/google-wallet/api/objects/${encodeURIComponent(`${t.ctx.config.googleWallet.issuerId}.${id}`)}`);
    expect(body(await objectOf(ticket.id))).toMatchObject({ state: 'ACTIVE', ticketHolderName: 'Ana López' });
    const since = body(await t.app.inject(`/api/wallet/apple/v1/devices/${DEVICE}/registrations/${pass.passTypeIdentifier}`)).lastUpdated as string;
    const pushesBefore = body(await t.app.inject('/sandbox/apns/api/pushes')).pushes.length as number;

    const cancelled = await t.app.inject({ method: 'POST', url: `/api/admin/purchases/${paid.id}/cancel`, headers: admin, payload: { refund: false, reason: 'Evento pospuesto' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const pushes = body(await t.app.inject('/sandbox/apns/api/pushes')).pushes.slice(pushesBefore);
    expect(pushes).toEqual([{ pushToken: PUSH_TOKEN, topic: pass.passTypeIdentifier, payload: {}, receivedAt: expect.any(String) }]);
    const changed = await t.app.inject(`/api/wallet/apple/v1/devices/${DEVICE}/registrations/${pass.passTypeIdentifier}?passesUpdatedSince=${since}`);
    expect(changed.statusCode).toBe(200);
    expect(body(changed).serialNumbers).toEqual([ticket.id]);
    const latest = await t.app.inject({ url: `/api/wallet/apple/v1/passes/${pass.passTypeIdentifier}/${ticket.id}`, headers: auth });
    expect(latest.statusCode).toBe(200);
    expect(passJson(latest)).toMatchObject({ serialNumber: ticket.id, voided: true });
    // The public pass page keeps answering the cancellation as before.
    expect((await t.app.inject(pagePath)).statusCode).toBe(404);
    for (const id of [ticket.id, other.id]) expect(body(await objectOf(id))).toMatchObject({ state: 'INACTIVE' });

    // A repeated cancel changes nothing, so nothing is pushed again.
    await t.app.inject({ method: 'POST', url: `/api/admin/purchases/${paid.id}/cancel`, headers: admin, payload: { refund: false, reason: 'otra vez' } });
    expect(body(await t.app.inject('/sandbox/apns/api/pushes')).pushes.slice(pushesBefore)).toHaveLength(1);
  });
});
