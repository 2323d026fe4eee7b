import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fixture from './fixtures/prueba-api.event.json';
import { body, createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase } from '../support/test-database';

/**
 * The compiled attendee validators are cached in module memory, shared by every app in the
 * process (the API files run without per-file isolation). Two databases that give the same
 * event id and version to different forms must still get each their own validators, so the
 * caches are keyed by what the validator is compiled from, never by row ids.
 */
describe.skipIf(skipDatabase)('validator caches are keyed by content, not by event id', () => {
  let withEmail: TestApp;
  let nameOnly: TestApp;
  // Same url, so the same event id (1) and version (1) in both databases; ticket 1 differs.
  const nameOnlyEvent = {
    ...fixture,
    tickets: fixture.tickets.map((ticket) => (ticket.id === 1 ? { ...ticket, form: ticket.form!.filter((field) => field.id === 'nombre') } : ticket)),
  };

  beforeAll(async () => {
    [withEmail, nameOnly] = await Promise.all([createTestApp(), createTestApp()]);
    await withEmail.importEvent(fixture);
    await nameOnly.importEvent(nameOnlyEvent);
  });
  afterAll(() => Promise.all([withEmail?.close(), nameOnly?.close()]));

  /** The fields of ticket 1 in the served module, loaded as the browser loads it (an ES module). */
  const fieldsServed = async (t: TestApp) => {
    const res = await t.app.inject('/api/event/prueba-api/attendee-validators.js');
    expect(res.statusCode).toBe(200);
    const file = join(mkdtempSync(join(tmpdir(), 'validator-caches-')), 'module.mjs');
    writeFileSync(file, res.body);
    const module = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { attendeeForms: Record<string, { schema: { properties: object } }> };
    return Object.keys(module.attendeeForms['1'].schema.properties);
  };

  it('the attendee-validators module of each database has its own form', async () => {
    expect(await fieldsServed(withEmail)).toEqual(['nombre', 'correo']);
    expect(await fieldsServed(nameOnly)).toEqual(['nombre']);
  });

  it('add-info judges each database by its own form', async () => {
    const addInfo = async (t: TestApp) => {
      const { purchase_id, access_key } = body(
        await t.app.inject({ method: 'POST', url: '/api/payments/new-purchase', payload: { url: 'prueba-api', token: await t.botToken(), tickets: [{ ticket_id: 1, cantidad: 1 }] } }),
      );
      return t.app.inject({ method: 'PUT', url: '/api/payments/add-info-purchase', payload: { purchase_id, form: { 1: [{ nombre: 'Ana López' }] } }, headers: { 'x-purchase-key': access_key } });
    };
    const refused = await addInfo(withEmail);
    expect(refused.statusCode).toBe(400);
    expect(body(refused).errors.map((error: { path: string }) => error.path)).toEqual(['/1/0/correo']);
    expect((await addInfo(nameOnly)).statusCode).toBe(200);
  });
});
