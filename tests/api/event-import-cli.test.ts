import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEventImport } from '../../src/server/cli/event-import';
import { openDatabase } from '../../src/server/db/connection';
import fixture from './fixtures/prueba-api.event.json';
import { createTestDatabase, skipDatabase } from '../support/test-database';

describe.skipIf(skipDatabase)('npm run event:import', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const dir = mkdtempSync(join(tmpdir(), 'event-import-'));
  const write = (name: string, content: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
    return path;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    process.env.DATABASE_URL = database.url;
  });
  afterAll(async () => {
    delete process.env.DATABASE_URL;
    await database.drop();
  });

  it('creates, then updates, an event in DATABASE_URL and reports it', async () => {
    const lines: string[] = [];
    const file = write('ok.json', fixture);
    expect(await runEventImport([file], (l) => lines.push(l))).toBe(0);
    expect(lines[0]).toBe(`${file}: created /prueba-api (version 1, 5 ticket types, 2 products)`);
    // The hidden type's link, with the access code generated on import: the operator hands it out.
    expect(lines[1]).toMatch(new RegExp(`^${file}  hidden «Cortesía» \\(id 4\\): /prueba-api\\?ticket=4&access=[\\w-]{22}$`));
    expect(await runEventImport([file], (l) => lines.push(l))).toBe(0);
    expect(lines.some((l) => l.includes('updated /prueba-api (version 2'))).toBe(true);
    const db = openDatabase(database.url);
    const row = await db.kysely.selectFrom('events').select(['name', 'version']).where('url', '=', 'prueba-api').executeTakeFirstOrThrow();
    await db.kysely.destroy();
    expect(row).toEqual({ name: 'Prueba API', version: 2 });
  });

  it('exits 1 with the problems of an invalid file, a non-JSON file and a missing file, importing the valid ones', async () => {
    const lines: string[] = [];
    const invalid = write('invalid.json', { ...fixture, url: 'otra', tickets: [{ ...fixture.tickets[0], maximum: 'diez' }] });
    const notJson = write('broken.json', '{ "url": ');
    const code = await runEventImport([invalid, notJson, join(dir, 'missing.json')], (l) => lines.push(l));
    expect(code).toBe(1);
    expect(lines).toEqual(expect.arrayContaining([expect.stringMatching(/invalid\.json {2}\/tickets\/0\/maximum {2}\S/), expect.stringMatching(/broken\.json: not valid JSON/), expect.stringMatching(/missing\.json: could not be read/)]));
  });

  it('prints its usage and exits 1 without files', async () => {
    const lines: string[] = [];
    expect(await runEventImport([], (l) => lines.push(l))).toBe(1);
    expect(lines[0]).toMatch(/Usage: npm run event:import/);
  });
});
