import { describe, expect, it } from 'vitest';
import { invoicingSettings, monthBounds, monthOf, requestUntil } from '../../../src/server/invoicing/settings';

describe('the invoice request window and the global invoice month (Mexico City time)', () => {
  const defaults = invoicingSettings({ invoicing: null });

  it('defaults to the end of the month of payment plus 3 days', () => {
    expect(requestUntil(defaults, new Date('2026-11-15T18:00:00Z')).toISOString()).toBe('2026-12-04T05:59:59.999Z');
    // 31 December 22:00 in Mexico City is already 1 January in UTC: still December's sale.
    expect(requestUntil(defaults, new Date('2027-01-01T04:00:00Z')).toISOString()).toBe('2027-01-04T05:59:59.999Z');
    expect(monthOf(new Date('2027-01-01T04:00:00Z'))).toBe('2026-12');
  });

  it('takes the event file\'s request_until when given', () => {
    const settings = invoicingSettings({ invoicing: { request_until: '2026-12-10T12:00:00-06:00' } });
    expect(requestUntil(settings, new Date('2026-11-15T18:00:00Z')).toISOString()).toBe('2026-12-10T18:00:00.000Z');
  });

  it('a month runs from its first to its last moment in Mexico City', () => {
    expect(monthBounds('2026-11')).toEqual({ from: new Date('2026-11-01T06:00:00.000Z'), until: new Date('2026-12-01T05:59:59.999Z') });
  });

  it('takes SAT keys per ticket type before the kind\'s, and the defaults last; exempt events have no IVA', () => {
    const settings = invoicingSettings({ invoicing: { tax: 'exempt', sat_keys: { tickets: { product_key: '86101700', unit_key: 'E48' }, by_ticket_type: { 2: { product_key: '90131500', unit_key: 'E48' } } } } });
    expect(settings.ticketKeys(2).product_key).toBe('90131500');
    expect(settings.ticketKeys(1).product_key).toBe('86101700');
    expect(settings.productKeys(1)).toEqual({ product_key: '01010101', unit_key: 'H87' });
    expect(settings.tax).toEqual({ kind: 'exempt' });
    expect(defaults.tax).toEqual({ kind: 'iva', rateBasisPoints: 1600 });
  });
});
