import { describe, expect, it } from 'vitest';
import { applePassDates, applePassSemantics } from '../../../../src/server/wallet/apple-pass';
import { passLastModified } from '../../../../src/server/wallet/apple-pass-service';
import { applePassAuthToken, validApplePassAuthToken, passToken } from '../../../../src/server/wallet/pass-token';
import { googleWalletTicket } from '../../../../src/server/wallet/google-wallet-pass';
import type { TicketPass } from '../../../../src/server/wallet/ticket-pass';

const pass: TicketPass = {
  ticketId: '5f0c7a52-2b1e-4c8e-9d1a-0a7f3e2b9c11', purchaseId: 'c0ffee00-0000-4000-8000-000000000001', folio: '000042', qrSecret: 'qr',
  eventId: 7, eventName: 'Festival Marea Sonora', eventUrl: 'https://boletos.example.mx/demo',
  startsAt: '2026-03-14T16:00:00-06:00', endsAt: '2026-03-15T02:00:00-06:00',
  venue: { name: 'Parque Bicentenario', address: 'Av. 5 de Mayo 290, CDMX', latitude: 19.47, longitude: -99.2 },
  colours: { background: 'rgb(18, 52, 86)', foreground: 'rgb(255, 255, 255)', label: 'rgb(200, 200, 200)' },
  ticketTypeName: 'VIP', attendeeName: 'Ana López', seat: 'A-12', lang: 'es', voided: false,
};

describe('Apple pass fields derived from the ticket', () => {
  it('expires 6 h after the end (12 h after the start without one); relevant from 3 h before the start until then; none without a date', () => {
    expect(applePassDates(pass)).toEqual({
      expiration: new Date('2026-03-15T14:00:00Z'),
      relevant: { startDate: new Date('2026-03-14T19:00:00Z'), endDate: new Date('2026-03-15T14:00:00Z') },
    });
    expect(applePassDates({ startsAt: pass.startsAt, endsAt: null })?.expiration).toEqual(new Date('2026-03-15T10:00:00Z'));
    expect(applePassDates({ startsAt: null, endsAt: null })).toBeNull();
  });

  it('semantics: event, venue and its place, dates in UTC, attendee and seat; only what the ticket has', () => {
    expect(applePassSemantics(pass)).toEqual({
      eventName: 'Festival Marea Sonora', venueName: 'Parque Bicentenario', venueLocation: { latitude: 19.47, longitude: -99.2 },
      eventStartDate: '2026-03-14T22:00:00.000Z', eventEndDate: '2026-03-15T08:00:00.000Z', attendeeName: 'Ana López', seats: [{ seatIdentifier: 'A-12' }],
    });
    expect(applePassSemantics({ ...pass, venue: null, startsAt: null, endsAt: null, seat: null, attendeeName: '' })).toEqual({ eventName: 'Festival Marea Sonora' });
  });

  it('the web service token: per ticket, at least 16 characters, not the page token, checked in constant time', () => {
    const token = applePassAuthToken('s3cret', pass.ticketId);
    expect(token.length).toBeGreaterThanOrEqual(16);
    expect(token).not.toBe(applePassAuthToken('s3cret', 'another-ticket'));
    expect(token).not.toBe(passToken('s3cret', pass.ticketId));
    expect(validApplePassAuthToken('s3cret', pass.ticketId, token)).toBe(true);
    expect(validApplePassAuthToken('s3cret', 'another-ticket', token)).toBe(false);
    expect(validApplePassAuthToken('other', pass.ticketId, token)).toBe(false);
  });

  it('Last-Modified: the second issued in, or the second after the newest change (a change in the issue second still reads newer)', () => {
    expect(passLastModified({ issuedAt: '2026-03-01T12:00:00.700Z', changedAt: null })).toEqual(new Date('2026-03-01T12:00:00Z'));
    expect(passLastModified({ issuedAt: '2026-03-01T12:00:00.100Z', changedAt: '2026-03-01T12:00:00.200Z' })).toEqual(new Date('2026-03-01T12:00:01Z'));
  });

  it('the Google object is INACTIVE once the ticket is voided, ACTIVE before', () => {
    const issuer = { issuerId: '3388000000000000000', issuerName: 'Boletos' };
    expect(googleWalletTicket(pass, issuer).eventTicketObject.state).toBe('ACTIVE');
    expect(googleWalletTicket({ ...pass, voided: true }, issuer).eventTicketObject).toMatchObject({ state: 'INACTIVE', ticketHolderName: 'Ana López' });
  });
});
