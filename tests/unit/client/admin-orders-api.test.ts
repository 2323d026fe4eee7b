import { describe, expect, it } from 'vitest';
import { attendeesFileUrl, queryString } from '../../../src/client/admin/orders/ordersApi';

describe('the console orders calls', () => {
  it('leaves empty and absent values out of a query string, and encodes the rest', () => {
    expect(queryString({ q: 'ana lópez+1@example.mx', status: '', event: undefined, limit: '20' })).toBe('?q=ana+l%C3%B3pez%2B1%40example.mx&limit=20');
    expect(queryString({ q: '', status: undefined })).toBe('');
  });

  it('builds the attendees download of an event with the list filters', () => {
    expect(attendeesFileUrl('demo-free', 'xlsx', { q: 'Luis', status: 'all' })).toBe('/api/admin/events/demo-free/attendees.xlsx?q=Luis&status=all');
    expect(attendeesFileUrl('demo free', 'csv', {})).toBe('/api/admin/events/demo%20free/attendees.csv');
  });
});
