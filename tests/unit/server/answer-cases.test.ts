import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { casesPathOf, renderMessage, runAnswerCases, type AnswerCase } from '../../../src/server/cli/answer-cases';
import { runEventCheck } from '../../../src/server/cli/event-check';
import { runEventNew } from '../../../src/server/cli/event-new';
import type { EventFile } from '../../../src/shared/event-file/event-file.types';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixtures = join(root, 'tests/fixtures/events');
const dir = mkdtempSync(join(tmpdir(), 'answer-cases-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every event file of the fixtures and the demo that has answer cases beside it. */
const withCases = [...readdirSync(fixtures).map((name) => join(fixtures, name)), join(root, 'src/server/demo/demo.json')]
  .filter((path) => path.endsWith('.json') && !path.endsWith('.cases.json') && existsSync(casesPathOf(path)));
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

async function check(argv: string[]) {
  const lines: string[] = [];
  const code = await runEventCheck(argv, (line) => lines.push(line), {});
  return { code, lines };
}

describe('answer cases of every fixture', () => {
  it('there are fixtures with cases', () => expect(withCases.length).toBeGreaterThanOrEqual(2));

  // Each case passes only if the browser's precompiled module and the server's check both find exactly
  // the expected problems, so a pass is also the two validators agreeing on that case.
  it.each(withCases.map((path) => [path.slice(root.length), path]))('%s: browser and server agree with every case', async (_name, path) => {
    const cases = read(casesPathOf(path)).cases as AnswerCase[];
    expect(await runAnswerCases(read(path) as EventFile, cases, 'es')).toEqual([]);
  });
});

describe('event:check with cases', () => {
  const event = join(fixtures, 'field-types.event.json');

  it('prints the count when every case passes, and takes a cases file for its event file', async () => {
    const ok = { code: 0, lines: [`${event}: ok`, `${casesPathOf(event)}: 14 casos correctos`] };
    expect(await check([event])).toEqual(ok);
    expect(await check([casesPathOf(event), event])).toEqual(ok);
  });

  it('a wrong expected message fails with a readable - expected / + found diff, exit 1', async () => {
    const copy = join(dir, 'congreso.json');
    writeFileSync(copy, readFileSync(event));
    const cases = read(casesPathOf(event));
    cases.cases[8].problems[0].message = 'Elige al menos 3 opciones';
    writeFileSync(casesPathOf(copy), JSON.stringify(cases));
    expect(await check(['--lang', 'en', copy])).toEqual({
      code: 1,
      lines: [
        `${copy}: ok`,
        `${casesPathOf(copy)}: 1 of 14 cases fail (- expected, + found)`,
        '  case 9 "talleres: uno es menos del mínimo" (ticket 1)',
        '    both validators (browser and server):',
        '      - talleres: Elige al menos 3 opciones',
        '      + talleres: Choose at least 2 options',
      ],
    });
  });

  it('a case that expects valid answers lists what each validator refused', async () => {
    const copy = join(dir, 'valido.json');
    writeFileSync(copy, readFileSync(event));
    writeFileSync(casesPathOf(copy), JSON.stringify({ cases: [{ name: 'país mal', ticket: 1, answers: { nombre: 'A', nacimiento: '1990-01-01', pais: 'ZZ', perfil: 'Otro' }, valid: true }] }));
    const { code, lines } = await check([copy]);
    expect(code).toBe(1);
    expect(lines.slice(2)).toEqual([
      '  caso 1 «país mal» (boleto 1)',
      '    los dos validadores (navegador y servidor):',
      '      + pais: Elige un país de la lista',
      '      + perfil: Elige una de las opciones',
    ]);
  });

  it('a malformed cases file or a ticket without a form is reported, exit 1', async () => {
    const copy = join(dir, 'mal.json');
    writeFileSync(copy, readFileSync(event));
    writeFileSync(casesPathOf(copy), JSON.stringify({ cases: [{ name: 'x', ticket: 1, answers: {}, valid: false }] }));
    expect((await check([copy])).code).toBe(1);
    writeFileSync(casesPathOf(copy), JSON.stringify({ cases: [{ name: 'sin formulario', ticket: 2, answers: {}, valid: true }] }));
    const { code, lines } = await check([copy]);
    expect(code).toBe(1);
    expect(lines).toContain('    el boleto 2 no tiene formulario de asistentes en este archivo');
  });

  it('messages render with the schema values, in either language', () => {
    expect(renderMessage('errors:attendee.dateMin', { earliestDate: '1920-01-01' } as never, 'es')).toBe('La fecha no puede ser anterior al 1 de enero de 1920');
    expect(renderMessage('errors:attendee.tooLong', { maxLength: 80 }, 'en')).toBe('Cannot be longer than 80 characters');
    expect(renderMessage('Mi propio mensaje', undefined, 'en')).toBe('Mi propio mensaje');
  });
});

describe('event:new', () => {
  it('writes a starter event and its cases that pass event:check, and never overwrites them', async () => {
    const target = join(dir, 'nuevo', 'mi-evento.json');
    rmSync(join(dir, 'nuevo'), { recursive: true, force: true });
    const lines: string[] = [];
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(dir, 'nuevo'));
    expect(await runEventNew(['mi-evento', '--out', target], (line) => lines.push(line))).toBe(0);
    const written = read(target) as EventFile;
    expect(written.url).toBe('mi-evento');
    expect(written.tickets).toHaveLength(1);
    expect(written.productos).toHaveLength(1);
    expect(written.discount_codes).toHaveLength(1);
    expect(await check([target])).toEqual({ code: 0, lines: [`${target}: ok`, `${casesPathOf(target)}: 3 casos correctos`] });
    expect(await runEventNew(['mi-evento', '--out', target], () => {})).toBe(1);
    expect(await runEventNew(['Mi Evento'], () => {})).toBe(2);
  });
});
