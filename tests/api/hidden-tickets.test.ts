import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from './fixtures/prueba-api.event.json';
import { body, createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase } from '../support/test-database';
import type { ImportEventResponse } from '../../src/shared/api';

const CODE = 'cortesia-prueba-8fK2pQ9x';

/** A hidden ticket type is unlocked by the access code of its link, never by its (guessable) id. */
describe.skipIf(skipDatabase)('hidden ticket types need their access code', () => {
  let t: TestApp;
  const ids = async (query: string) => body(await t.app.inject(`/api/event/prueba-api${query}`)).tickets.map((x: { id: number }) => x.id);
  const buy = async (extra: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/payments/new-purchase', payload: { url: 'prueba-api', token: await t.botToken(), tickets: [{ ticket_id: 4, cantidad: 1 }], ...extra } });

  beforeAll(async () => {
    t = await createTestApp();
    const file = structuredClone(fixture) as typeof fixture & { tickets: Record<string, unknown>[] };
    file.tickets[3].access_code = CODE;
    await t.importEvent(file);
  });
  afterAll(() => t.close());

  it('GET /api/event: ?ticket=<id> alone, or with a wrong code, does not show it; with the code it does', async () => {
    for (const id of [1, 2, 3, 4, 5, 6]) expect(await ids(`?ticket=${id}`)).toEqual([1, 2, 3, 5]);
    expect(await ids('?ticket=4&access=cortesia-prueba-8fK2pQ9y')).toEqual([1, 2, 3, 5]);
    expect(await ids(`?ticket=4&access=${CODE}`)).toEqual([1, 2, 3, 4, 5]);
  });

  it('new-purchase refuses it without the code (as an unknown type) and sells it with the code', async () => {
    for (const extra of [{}, { access: null }, { access: 'x'.repeat(22) }]) {
      const refused = await buy(extra);
      expect(refused.statusCode).toBe(400);
      expect(body(refused)).toMatchObject({ code: 'UNKNOWN_TICKET', mensaje: 'El tipo de entrada 4 no existe en este evento.' });
    }
    const sold = await buy({ access: CODE });
    expect(sold.statusCode).toBe(200);
    expect(body(sold).amount).toBeGreaterThan(0);
  });

  it('import generates a code when the file has none, keeps it on re-import, and returns the link', async () => {
    const first = (await t.importEvent(fixture)) as ImportEventResponse;
    // The stored code survives an import whose file does not name one.
    expect(first.hidden_links).toEqual([{ ticket_id: 4, name: 'Cortesía', link: `/prueba-api?ticket=4&access=${CODE}` }]);

    const other = { ...structuredClone(fixture), url: 'prueba-oculta' };
    const created = (await t.importEvent(other)) as ImportEventResponse;
    const [link] = created.hidden_links;
    expect(link.link).toMatch(/^\/prueba-oculta\?ticket=4&access=[A-Za-z0-9_-]{22}$/);
    const again = (await t.importEvent(other)) as ImportEventResponse;
    expect(again.hidden_links[0].link).toBe(link.link);
    const shown = body(await t.app.inject(`/api/event${link.link}`)).tickets.map((x: { id: number }) => x.id);
    expect(shown).toContain(4);
  });

  it('the admin import answers the links too', async () => {
    const admin = await createTestApp({ adminToken: 'secreto-admin' });
    try {
      const res = await admin.app.inject({ method: 'PUT', url: '/api/admin/events/prueba-api', headers: { authorization: 'Bearer secreto-admin' }, payload: fixture });
      expect(res.statusCode).toBe(201);
      expect(body(res).hidden_links[0]).toMatchObject({ ticket_id: 4, name: 'Cortesía' });
      expect(body(res).hidden_links[0].link).toMatch(/^\/prueba-api\?ticket=4&access=/);
    } finally {
      await admin.close();
    }
  });
});
