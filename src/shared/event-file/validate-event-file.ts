import type { ValidateFunction } from 'ajv';
import { createAjv } from '../validation/create-ajv';
import type { EventFileProblem, ProblemLang } from './event-file-problem';
import { EVENT_FILE_SCHEMAS, EVENT_FILE_SCHEMA_ID } from './event-file-schemas';
import type { EventFile } from './event-file.types';
import { semanticSentence } from './problem-sentences';
import { schemaErrorToProblem } from './schema-error-sentence';
import { semanticProblems } from './semantic-checks';

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

/**
 * Orders problems so that those of one list item sit together and items follow their
 * index (/tickets/2 before /tickets/10); object keys keep the order they first appeared in.
 */
function inDocumentOrder(problems: EventFileProblem[]): EventFileProblem[] {
  const firstSeen = new Map<string, number>();
  problems.forEach((problem, index) => {
    const segments = problem.pointer.split('/');
    for (let depth = 1; depth <= segments.length; depth++) {
      const prefix = segments.slice(0, depth).join('/');
      if (!firstSeen.has(prefix)) firstSeen.set(prefix, index);
    }
  });
  const key = (pointer: string): number[][] =>
    pointer.split('/').map((segment, depth, segments) =>
      /^\d+$/.test(segment) ? [0, Number(segment)] : [1, firstSeen.get(segments.slice(0, depth + 1).join('/')) ?? 0],
    );
  const compare = (a: number[][], b: number[][]): number => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const difference = a[i][0] - b[i][0] || a[i][1] - b[i][1];
      if (difference !== 0) return difference;
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
 * each as a JSON pointer plus a plain sentence in `lang`.
 */
export function validateEventFile(input: unknown, lang: ProblemLang = 'es'): EventFileValidation {
  const validate = eventFileValidator();
  validate(input);
  const problems: EventFileProblem[] = (validate.errors ?? []).map((error) => schemaErrorToProblem(error, lang));
  for (const problem of semanticProblems(input)) {
    problems.push({ pointer: problem.pointer, message: semanticSentence(problem, lang) });
  }
  if (problems.length === 0) return { valid: true, event: input as EventFile };

  const unique = problems.filter(
    (problem, index) => problems.findIndex((p) => p.pointer === problem.pointer && p.message === problem.message) === index,
  );
  return { valid: false, problems: inDocumentOrder(unique) };
}
