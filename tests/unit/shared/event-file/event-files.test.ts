/** The demo events and every fixture under tests/fixtures/events, valid and invalid. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileAttendeeFields, compileOrderForm } from '../../../../src/shared/attendee-form';
import type { EventFile } from '../../../../src/shared/event-file/event-file.types';
import { validateEventFile } from '../../../../src/shared/event-file/validate-event-file';
import { createAjv } from '../../../../src/shared/validation/create-ajv';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const fixtures = join(root, 'tests/fixtures/events');
const invalidFixtures = join(fixtures, 'invalid');
const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

const validFiles = [
  join(root, 'src/server/demo/demo.json'),
  join(root, 'src/server/demo/demo-free.json'),
  ...readdirSync(fixtures)
    .filter((name) => name.endsWith('.json') && !name.endsWith('.cases.json'))
    .map((name) => join(fixtures, name)),
];
const invalidFiles = readdirSync(invalidFixtures).filter((name) => name.endsWith('.json') && !name.endsWith('.expected.json'));

describe('valid event files', () => {
  it('there are enough fixtures', () => {
    expect(validFiles.length).toBeGreaterThanOrEqual(6);
    expect(invalidFiles.length).toBeGreaterThanOrEqual(4);
  });

  it.each(validFiles.map((path) => [path.slice(root.length), path]))('%s validates and every form compiles', async (_name, path) => {
    const result = await validateEventFile(readJson(path), 'en');
    expect(result.valid ? [] : result.problems).toEqual([]);
    const file = readJson(path) as EventFile;
    const ajv = createAjv();
    for (const ticket of file.tickets) {
      expect(() => ajv.compile(compileAttendeeFields(ticket.form ?? []).schema)).not.toThrow();
    }
    const order = compileOrderForm(
      file.tickets.map((ticket) => ({ ticketId: ticket.id, ticketName: ticket.name, quantity: 2, fields: ticket.form ?? [] })),
    );
    expect(() => ajv.compile(order.schema)).not.toThrow();
  });
});

describe('invalid event files fail at the expected pointers', () => {
  it.each(invalidFiles)('%s', async (name) => {
    const expected = readJson(join(invalidFixtures, name.replace(/\.json$/, '.expected.json'))) as { pointers: string[] };
    for (const lang of ['es', 'en'] as const) {
      const result = await validateEventFile(readJson(join(invalidFixtures, name)), lang);
      expect(result.valid).toBe(false);
      if (result.valid) return;
      expect(result.problems.map((p) => p.pointer).sort()).toEqual([...expected.pointers].sort());
      for (const problem of result.problems) expect(problem.message).toMatch(/\S/);
    }
  });
});

describe('the demo event', () => {
  const demo = readJson(join(root, 'src/server/demo/demo.json')) as EventFile;
  const general = demo.tickets.find((ticket) => ticket.name === 'General')!;

  it('has what the storefront demo needs', () => {
    expect(demo.url).toBe('demo');
    expect(general).toMatchObject({ price: 350, md: true, md_quantity: 10, md_ispercentage: true, md_minimum: 4 });
    expect(demo.tickets.find((t) => t.name === 'VIP')?.price).toBe(1200);
    expect(demo.tickets.find((t) => t.name === 'Preventa')?.capacity).toBe(0);
    expect(demo.tickets.find((t) => t.name === 'Cortesía prensa')?.hidden).toBe(true);
    expect(new Set(general.form?.map((field) => field.type))).toEqual(
      new Set(['text', 'textarea', 'email', 'number', 'telefono', 'select', 'checkbox', 'file']),
    );
    expect(demo.event.html?.find((block) => block.posicion === 'FINISH')?.html).toContain('{purchase_id}');
    expect(demo.discount_codes?.find((code) => code.code === 'DEMO10')?.percent).toBe(10);
    expect(demo.event.config).toMatchObject({ comission_percentage: 0.1, absorb: 'customer' });
    const flags = Object.entries(demo.event.config ?? {}).filter(([key]) => key.startsWith('metodo_pago_'));
    expect(flags.length).toBe(10);
    expect(flags.every(([, on]) => on === true)).toBe(true);
    expect(demo.productos?.some((p) => p.opciones?.some((o) => o.id === 'talla'))).toBe(true);
  });

  it('every image it names exists under public/', () => {
    const paths = [demo.event.image_path, ...(demo.productos ?? []).flatMap((p) => (p.imagenes ?? []).map((i) => i.url))];
    for (const path of [...paths, '/placeholder.svg']) {
      expect(() => readFileSync(join(root, 'public', path!)), path).not.toThrow();
    }
  });
});
