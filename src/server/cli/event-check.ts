import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ProblemLang } from '../../shared/event-file/event-file-problem';
import type { EventFile } from '../../shared/event-file/event-file.types';
import { validateEventFile } from '../../shared/event-file/validate-event-file';
import { casesFileProblems, casesPathOf, eventPathOf, runAnswerCases, type AnswerCase } from './answer-cases';

const TEXT = {
  es: {
    usage: 'Uso: npm run event:check -- [--lang es|en] evento.json [otro.json ...]',
    unknownOption: (option: string) => `Opción desconocida: ${option}`,
    unreadable: (reason: string) => `no se pudo leer el archivo (${reason})`,
    notJson: (reason: string) => `no es JSON válido (${reason})`,
    ENOENT: 'no existe',
    EISDIR: 'es una carpeta',
    EACCES: 'sin permiso de lectura',
    at: (line: number, column: number) => `línea ${line}, columna ${column}`,
    casesOk: (count: number) => `${count} ${count === 1 ? 'caso correcto' : 'casos correctos'}`,
    casesFailed: (failed: number, count: number) => `${failed} de ${count} casos fallan (- esperado, + encontrado)`,
    caseTitle: (index: number, name: string, ticket: number) => `caso ${index + 1} «${name}» (boleto ${ticket})`,
  },
  en: {
    usage: 'Usage: npm run event:check -- [--lang es|en] event.json [other.json ...]',
    unknownOption: (option: string) => `Unknown option: ${option}`,
    unreadable: (reason: string) => `cannot read the file (${reason})`,
    notJson: (reason: string) => `is not valid JSON (${reason})`,
    ENOENT: 'it does not exist',
    EISDIR: 'it is a folder',
    EACCES: 'no permission to read it',
    at: (line: number, column: number) => `line ${line}, column ${column}`,
    casesOk: (count: number) => `${count} ${count === 1 ? 'case' : 'cases'} ok`,
    casesFailed: (failed: number, count: number) => `${failed} of ${count} cases fail (- expected, + found)`,
    caseTitle: (index: number, name: string, ticket: number) => `case ${index + 1} "${name}" (ticket ${ticket})`,
  },
} as const;

interface ParsedArgs {
  files: string[];
  lang: ProblemLang;
  help: boolean;
  badOption?: string;
}

function languageOf(value: string | undefined): ProblemLang | undefined {
  if (!value) return undefined;
  return value.toLowerCase().startsWith('en') ? 'en' : value.toLowerCase().startsWith('es') ? 'es' : undefined;
}

function parseArgs(argv: string[], env: NodeJS.ProcessEnv): ParsedArgs {
  // The locale variables in POSIX precedence; only LANG is usually set.
  const envLang = languageOf(env.LC_ALL || env.LC_MESSAGES || env.LANG) === 'en' ? 'en' : 'es';
  const parsed: ParsedArgs = { files: [], lang: envLang, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      parsed.files.push(...argv.slice(i + 1));
      break;
    }
    if (arg === '-h' || arg === '--help') parsed.help = true;
    else if (arg === '--lang' || arg.startsWith('--lang=')) {
      const value = arg === '--lang' ? argv[++i] : arg.slice('--lang='.length);
      const lang = languageOf(value);
      if (lang) parsed.lang = lang;
      else parsed.badOption ??= `${arg === '--lang' ? '--lang ' : ''}${value ?? ''}`.trim() || '--lang';
    } else if (arg.startsWith('-') && arg !== '-') parsed.badOption ??= arg;
    else parsed.files.push(arg);
  }
  return parsed;
}

type Text = (typeof TEXT)[ProblemLang];

function readFailure(error: unknown, text: Text): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT' || code === 'EISDIR' || code === 'EACCES') return text[code];
  return code ?? (error instanceof Error ? error.message : String(error));
}

/** JSON.parse reports a character offset; operators want a line and column. */
function jsonFailure(error: unknown, raw: string, text: Text): string {
  const message = error instanceof Error ? error.message : String(error);
  const position = /position (\d+)/.exec(message);
  if (!position) return message;
  const before = raw.slice(0, Number(position[1]));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return `${message.replace(/ in JSON at position \d+.*$/, '')}; ${text.at(line, column)}`;
}

/**
 * Runs the answer cases beside a valid event file (`my-event.cases.json`); prints
 * `CASES: N cases ok`, or each failing case with its difference. Returns whether all passed.
 */
async function checkCases(casesFile: string, event: EventFile, lang: ProblemLang, out: (line: string) => void): Promise<boolean> {
  const text = TEXT[lang];
  let input: unknown;
  try {
    const raw = (await readFile(casesFile, 'utf8')).replace(/^\uFEFF/, '');
    try {
      input = JSON.parse(raw);
    } catch (error) {
      out(`${casesFile}: ${text.notJson(jsonFailure(error, raw, text))}`);
      return false;
    }
  } catch (error) {
    out(`${casesFile}: ${text.unreadable(readFailure(error, text))}`);
    return false;
  }
  const shape = casesFileProblems(input);
  if (shape.length > 0) {
    for (const problem of shape) out(`${casesFile}  ${problem}`);
    return false;
  }
  const cases = (input as { cases: AnswerCase[] }).cases;
  const failures = await runAnswerCases(event, cases, lang);
  if (failures.length === 0) {
    out(`${casesFile}: ${text.casesOk(cases.length)}`);
    return true;
  }
  out(`${casesFile}: ${text.casesFailed(failures.length, cases.length)}`);
  for (const failure of failures) {
    out(`  ${text.caseTitle(failure.index, failure.name, failure.ticket)}`);
    for (const line of failure.lines) out(`    ${line}`);
  }
  return false;
}

/**
 * `npm run event:check -- FILE...`: validates event files without touching a database and
 * prints `FILE: ok` or one `FILE  /pointer  sentence` line per problem, then runs the answer
 * cases beside each valid file (`FILE.cases.json`, see answer-cases.ts). Returns the exit
 * code: 0 all valid, 1 any invalid/unreadable file, 2 bad usage.
 */
export async function runEventCheck(
  argv: string[],
  out: (line: string) => void = console.log,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const args = parseArgs(argv, env);
  const text = TEXT[args.lang];
  if (args.help) {
    out(text.usage);
    return 0;
  }
  if (args.badOption !== undefined || args.files.length === 0) {
    if (args.badOption !== undefined) out(text.unknownOption(args.badOption));
    out(text.usage);
    return 2;
  }
  let failed = 0;
  // A cases file stands for its event file (whose check runs its cases); each event file once.
  const files = [...new Set(args.files.map((file) => (/\.cases\.json$/i.test(file) ? eventPathOf(file) : file)))];
  for (const file of files) {
    let raw: string;
    try {
      raw = await readFile(file, 'utf8');
    } catch (error) {
      failed++;
      out(`${file}: ${text.unreadable(readFailure(error, text))}`);
      continue;
    }
    let input: unknown;
    const json = raw.replace(/^\uFEFF/, '');
    try {
      input = JSON.parse(json);
    } catch (error) {
      failed++;
      out(`${file}: ${text.notJson(jsonFailure(error, json, text))}`);
      continue;
    }
    const result = await validateEventFile(input, args.lang);
    if (result.valid) {
      out(`${file}: ok`);
      const casesFile = casesPathOf(file);
      if (existsSync(casesFile) && !(await checkCases(casesFile, result.event, args.lang, out))) failed++;
      continue;
    }
    failed++;
    for (const problem of result.problems) out(`${file}  ${problem.pointer || '/'}  ${problem.message}`);
  }
  return failed > 0 ? 1 : 0;
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) {
  runEventCheck(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exitCode = 1;
    },
  );
}
