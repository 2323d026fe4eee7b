import type { ValidateFunction } from 'ajv';
import { createAjv } from '../validation/create-ajv';
import type { EventFileProblem, ProblemLang } from './event-file-problem';
import { EVENT_FILE_SCHEMAS, EVENT_FILE_SCHEMA_ID } from './event-file-schemas';
import type { EventFile } from './event-file.types';
import { semanticSentence } from './problem-sentences';
import { schemaErrorToProblem } from './schema-error-sentence';
import { semanticProblems } from './semantic-checks';
import { patternVerdicts, type PatternVerdicts } from './field-limit-checks';

/** Result of validateEventFile: the typed file, or every problem found. */
export type EventFileValidation = { valid: true; event: EventFile } | { valid: false; problems: EventFileProblem[] };

let compiled: ValidateFunction | undefined;

/** The compiled event-file schema (built once; `verbose` gives the parent schema for typo hints). */
function eventFileValidator(): ValidateFunction {
  if (!compiled) {
    const ajv = createAjv({ verbose: true });
    for (const schema of EVENT_FILE_SCHEMAS) ajv.addSchema(schema);
    compiled = ajv.getSchema(EVENT_FILE_SCHEMA_ID);
    if (!compiled) throw new Error(`schema ${EVENT_FILE_SCHEMA_ID} not found`);
  }
  return compiled;
}

const unescapeToken = (token: string): string => token.replace(/~1/g, '/').replace(/~0/g, '~');

/**
 * Orders problems as the file reads: list items by index (/tickets/2 before /tickets/10),
 * object keys in the order the operator wrote them, and missing keys (required) after
 * the keys present, in the order they were reported.
 */
function inDocumentOrder(problems: EventFileProblem[], input: unknown): EventFileProblem[] {
  const firstSeen = new Map<string, number>();
  problems.forEach((problem, index) => {
    if (!firstSeen.has(problem.pointer)) firstSeen.set(problem.pointer, index);
  });
  const key = (pointer: string): number[] => {
    const ranks: number[] = [];
    let node: unknown = input;
    for (const token of pointer.split('/').slice(1).map(unescapeToken)) {
      if (Array.isArray(node) && /^\d+$/.test(token)) {
        ranks.push(Number(token));
        node = node[Number(token)];
      } else if (typeof node === 'object' && node !== null) {
        const keys = Object.keys(node);
        const position = keys.indexOf(token);
        ranks.push(position >= 0 ? position : keys.length + (firstSeen.get(pointer) ?? 0));
        node = (node as Record<string, unknown>)[token];
      } else {
        ranks.push(firstSeen.get(pointer) ?? 0);
        node = undefined;
      }
    }
    return ranks;
  };
  const compare = (a: number[], b: number[]): number => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      if (a[i] !== b[i]) return a[i] - b[i];
    }
    return a.length - b.length;
  };
  return problems
    .map((problem) => ({ problem, key: key(problem.pointer) }))
    .sort((x, y) => compare(x.key, y.key))
    .map(({ problem }) => problem);
}

/**
 * Checks an operator's event file (parsed JSON): schema errors and cross-field rules,
 * each as a JSON pointer plus a plain sentence in `lang`. Its attendee patterns are judged
 * by recheck off the event loop within one budget (`patternVerdicts`); pass `patterns` to
 * reuse the verdicts of an earlier call on the same file (another language).
 */
export async function validateEventFile(input: unknown, lang: ProblemLang = 'es', patterns?: PatternVerdicts): Promise<EventFileValidation> {
  const verdicts = patterns ?? (await patternVerdicts(input));
  const validate = eventFileValidator();
  validate(input);
  const problems: EventFileProblem[] = (validate.errors ?? []).map((error) => schemaErrorToProblem(error, lang));
  for (const problem of semanticProblems(input, verdicts)) {
    problems.push({ pointer: problem.pointer, message: semanticSentence(problem, lang) });
  }
  if (problems.length === 0) return { valid: true, event: input as EventFile };

  const unique = problems.filter(
    (problem, index) => problems.findIndex((p) => p.pointer === problem.pointer && p.message === problem.message) === index,
  );
  return { valid: false, problems: inDocumentOrder(unique, input) };
}
