import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import casesSchema from '../../../schemas/event/answer-cases.schema.json';
import { attendeeValidatorExport } from '../../shared/api/attendee-module';
import { answerProblems, compileAttendeeFields, type AnswerProblem } from '../../shared/attendee-form';
import { messageValues, type QuotedSchema } from '../../shared/attendee-form/message-values';
import type { ProblemLang } from '../../shared/event-file/event-file-problem';
import type { EventFile } from '../../shared/event-file/event-file.types';
import type { SchemaValidateFunction } from '../../shared/forms/form-problems';
import { createAjv } from '../../shared/validation/create-ajv';
import { attendeeAnswerProblems } from '../services/attendee-info.service';
import { attendeeModuleCode } from '../services/attendee-validator.service';

/** One case of a `*.cases.json` file (schemas/event/answer-cases.schema.json). */
export interface AnswerCase {
  name: string;
  ticket: number;
  answers: Record<string, unknown>;
  valid?: true;
  problems?: { field: string; message: string }[];
}

/** What a case run found wrong: nothing when it passed. */
export interface CaseFailure {
  index: number;
  name: string;
  ticket: number;
  /** Readable lines: `- field: expected` / `+ field: found`, per validator, or why the case could not run. */
  lines: string[];
}

/** `my-event.json` → `my-event.cases.json`. */
export const casesPathOf = (eventPath: string): string => eventPath.replace(/(\.json)?$/i, '.cases.json');
/** `my-event.cases.json` → `my-event.json`. */
export const eventPathOf = (casesPath: string): string => casesPath.replace(/\.cases\.json$/i, '.json');

const LOCALES: Record<ProblemLang, Record<string, unknown>> = {
  es: JSON.parse(readFileSync(new URL('../../../locales/es/errors.json', import.meta.url), 'utf8')),
  en: JSON.parse(readFileSync(new URL('../../../locales/en/errors.json', import.meta.url), 'utf8')),
};

/** A message as the buyer reads it in `lang`: an `errors:` key translated with the field schema's values, an operator's sentence as written. */
export function renderMessage(message: string, schema: QuotedSchema | undefined, lang: ProblemLang): string {
  const key = /^errors:([A-Za-z0-9_.-]+)$/.exec(message)?.[1];
  if (!key) return message;
  const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], LOCALES[lang]);
  if (typeof text !== 'string') return message;
  const values = messageValues(schema, lang) as Record<string, unknown>;
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (values[name] === undefined ? whole : String(values[name])));
}

// `oneOf: [{required: [valid]}, {required: [problems]}]` names keys its branches do not declare, which strict mode would refuse.
const casesAjv = createAjv({ strictRequired: false });
const checkCasesFile = casesAjv.compile(casesSchema);

/** The cases file's own problems (`/cases/2/valid  must be equal to constant`), empty when it is well formed. */
export function casesFileProblems(input: unknown): string[] {
  if (checkCasesFile(input)) return [];
  return (checkCasesFile.errors ?? []).map((error) => `${error.instancePath || '/'}  ${error.message ?? 'invalid'}`);
}

/** A problem found by a validator, by field (the first pointer segment) and message key or sentence. */
interface Found {
  field: string;
  message: string;
}

const fieldOf = (pointer: string): string => (pointer.split('/')[1] ?? '').replace(/~1/g, '/').replace(/~0/g, '~');

/** Loads standalone module code as the browser does: an ES module file, imported. */
async function importModule(code: string): Promise<Record<string, unknown>> {
  const dir = await mkdtemp(join(tmpdir(), 'event-cases-'));
  try {
    const file = join(dir, 'attendee-validators.mjs');
    await writeFile(file, code);
    return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Runs every case of an event's cases through BOTH validators the product uses: the browser's
 * (the precompiled attendee module the storefront imports, read as the form page reads it) and
 * the server's (add-info's check of the order form with one unit, image bytes included). A case
 * passes when each validator finds exactly the expected problems (field + message in Spanish or
 * English, any order), or none for `valid: true`.
 */
export async function runAnswerCases(event: EventFile, cases: AnswerCase[], lang: ProblemLang): Promise<CaseFailure[]> {
  const tickets = event.tickets.map((ticket) => ({ external_id: ticket.id, name: ticket.name, form: ticket.form ?? [] }));
  const module = await importModule(attendeeModuleCode('cases', tickets));
  const failures: CaseFailure[] = [];
  cases.forEach((testCase, index) => {
    const ticket = event.tickets.find((t) => t.id === testCase.ticket);
    const fail = (lines: string[]) => failures.push({ index, name: testCase.name, ticket: testCase.ticket, lines });
    if (!ticket || (ticket.form ?? []).length === 0) {
      fail([lang === 'en' ? `ticket ${testCase.ticket} has no attendee form in this event file` : `el boleto ${testCase.ticket} no tiene formulario de asistentes en este archivo`]);
      return;
    }
    const fields = ticket.form!;
    const properties = (compileAttendeeFields(fields).schema.properties ?? {}) as Record<string, QuotedSchema>;
    const validate = module[attendeeValidatorExport(ticket.id)] as SchemaValidateFunction;
    const browser: Found[] = (validate(testCase.answers) ? [] : answerProblems(validate.errors)).map((p: AnswerProblem) => ({ field: fieldOf(p.pointer), message: p.message }));
    const serverLine = [{ ticketId: ticket.id, ticketName: ticket.name, quantity: 1, fields }];
    // The order form's pointers are /<ticket>/<unit>/<field>/…; a whole-unit problem names no field.
    const server: Found[] = attendeeAnswerProblems(serverLine, { [String(ticket.id)]: [testCase.answers] }).map((p) => ({
      field: fieldOf(`/${p.path.split('/').slice(3).join('/')}`),
      message: p.message,
    }));
    const expected = testCase.valid ? [] : (testCase.problems ?? []);
    const rendered = (found: Found, as: ProblemLang) => renderMessage(found.message, properties[found.field], as);
    const diff = (actual: Found[]): string[] => {
      const unmatched = [...actual];
      const missing: string[] = [];
      for (const want of expected) {
        const at = unmatched.findIndex((got) => got.field === want.field && [rendered(got, 'es'), rendered(got, 'en'), got.message].includes(want.message));
        if (at === -1) missing.push(`- ${want.field || '/'}: ${want.message}`);
        else unmatched.splice(at, 1);
      }
      return [...missing, ...unmatched.map((got) => `+ ${got.field || '/'}: ${rendered(got, lang)}`)];
    };
    const browserDiff = diff(browser);
    const serverDiff = diff(server);
    if (browserDiff.length === 0 && serverDiff.length === 0) return;
    const same = browserDiff.join('\n') === serverDiff.join('\n');
    const title = (who: 'both' | 'browser' | 'server') =>
      lang === 'en'
        ? { both: 'both validators (browser and server):', browser: "the browser's validator:", server: "the server's validator:" }[who]
        : { both: 'los dos validadores (navegador y servidor):', browser: 'el validador del navegador:', server: 'el validador del servidor:' }[who];
    const lines: string[] = [];
    if (same) lines.push(title('both'), ...browserDiff.map((line) => `  ${line}`));
    else {
      if (browserDiff.length > 0) lines.push(title('browser'), ...browserDiff.map((line) => `  ${line}`));
      if (serverDiff.length > 0) lines.push(title('server'), ...serverDiff.map((line) => `  ${line}`));
    }
    fail(lines);
  });
  return failures;
}
