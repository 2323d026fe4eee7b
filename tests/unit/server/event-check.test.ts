import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runEventCheck } from '../../../src/server/cli/event-check';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const demo = join(root, 'src/server/demo/demo.json');
/** The demo's answer cases run after its check (answer-cases.test.ts covers them). */
const demoCases = `${join(root, 'src/server/demo/demo.cases.json')}: 6 casos correctos`;
const dir = mkdtempSync(join(tmpdir(), 'event-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

const broken = file(
  'broken.json',
  JSON.stringify({
    url: 'roto',
    event: { name: 'Roto' },
    tickets: [{ id: 1, name: 'General', price: -5, minimum: 1, maximum: 4, capacity: 10 }],
    discount_codes: [{ code: 'X', percent: 10, ticket_ids: [2] }],
  }),
);
const notJson = file('not-json.json', '{\n  "url": "x",\n  oops\n}');
const missing = join(dir, 'missing.json');

async function run(argv: string[], env: NodeJS.ProcessEnv = {}) {
  const lines: string[] = [];
  const code = await runEventCheck(argv, (line) => lines.push(line), env);
  return { code, lines };
}

describe('runEventCheck', () => {
  it('prints FILE: ok and exits 0 when every file is valid', async () => {
    expect(await run([demo, join(root, 'src/server/demo/demo-free.json')])).toEqual({
      code: 0,
      lines: [`${demo}: ok`, demoCases, `${join(root, 'src/server/demo/demo-free.json')}: ok`],
    });
  });

  it('prints every problem as FILE  /pointer  sentence (Spanish by default) and exits 1', async () => {
    expect(await run([demo, broken])).toEqual({
      code: 1,
      lines: [
        `${demo}: ok`,
        demoCases,
        `${broken}  /tickets/0/price  debe ser un número mayor o igual a 0`,
        `${broken}  /discount_codes/0/ticket_ids/0  no existe un boleto con id 2 en este archivo`,
      ],
    });
  });

  it('refuses an operator pattern with catastrophic backtracking, ^([a-z0-9]+)+$', async () => {
    const redos = file(
      'redos.json',
      JSON.stringify({
        url: 'redos',
        event: { name: 'ReDoS' },
        tickets: [{ id: 1, name: 'General', price: 0, minimum: 1, maximum: 4, capacity: 10, form: [
          { id: 'usuario', type: 'text', label: 'Usuario', validation: { pattern: { value: '^([a-z0-9]+)+$', message: 'Solo minúsculas' } } },
        ] }],
      }),
    );
    const { code, lines } = await run([redos]);
    expect(code).toBe(1);
    expect(lines).toEqual([expect.stringMatching(/ {2}\/tickets\/0\/form\/0\/validation\/pattern\/value {2}esta expresión regular puede tardar muchísimo/)]);
  });

  it('speaks English with --lang en, --lang=en or LANG=en_*', async () => {
    const english = [
      `${broken}  /tickets/0/price  must be a number greater than or equal to 0`,
      `${broken}  /discount_codes/0/ticket_ids/0  there is no ticket with id 2 in this file`,
    ];
    expect((await run(['--lang', 'en', broken])).lines).toEqual(english);
    expect((await run(['--lang=en', broken])).lines).toEqual(english);
    expect((await run([broken], { LANG: 'en_US.UTF-8' })).lines).toEqual(english);
    expect((await run(['--lang', 'es', broken], { LANG: 'en_US.UTF-8' })).lines[0]).toMatch(/debe ser/);
    expect((await run([broken], { LANG: 'es_MX.UTF-8' })).lines[0]).toMatch(/debe ser/);
  });

  it('an unreadable or non-JSON file is a clear one-line failure, and the others are still checked', async () => {
    const { code, lines } = await run([missing, notJson, demo]);
    expect(code).toBe(1);
    expect(lines).toEqual([
      `${missing}: no se pudo leer el archivo (no existe)`,
      expect.stringMatching(new RegExp(`^${notJson.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: no es JSON válido \\(.*línea 3, columna 3\\)$`)),
      `${demo}: ok`,
      demoCases,
    ]);
    expect(lines.join('\n')).not.toMatch(/\bat .*\(.*:\d+:\d+\)/);
    expect((await run(['--lang', 'en', dir])).lines).toEqual([`${dir}: cannot read the file (it is a folder)`]);
  });

  it('accepts a UTF-8 byte order mark', async () => {
    const withBom = file('bom.json', `\uFEFF${JSON.stringify({ url: 'bom', event: { name: 'B' }, tickets: [{ id: 1, name: 'A', price: 0, minimum: 1, maximum: 1, capacity: 1 }] })}`);
    expect(await run([withBom])).toEqual({ code: 0, lines: [`${withBom}: ok`] });
  });

  it('usage: no files or an unknown option exit 2, --help exits 0', async () => {
    expect(await run([])).toEqual({ code: 2, lines: ['Uso: npm run event:check -- [--lang es|en] evento.json [otro.json ...]'] });
    expect(await run(['--verbose', demo], { LANG: 'en' })).toEqual({
      code: 2,
      lines: ['Unknown option: --verbose', 'Usage: npm run event:check -- [--lang es|en] event.json [other.json ...]'],
    });
    expect((await run(['--lang', 'fr', demo])).code).toBe(2);
    expect((await run(['--help'])).code).toBe(0);
    expect(await run(['--', '--lang'])).toEqual({ code: 1, lines: ['--lang: no se pudo leer el archivo (no existe)'] });
  });
});
