import Ajv, { type AnySchema, type Options } from 'ajv';
import ajvErrors from 'ajv-errors';
import addFormats from 'ajv-formats';
import { addAnswerKeywords } from './answer-keywords';

/** Options of {@link createAjv}: any Ajv option, plus extra annotation keywords. */
export interface CreateAjvOptions extends Options {
  /**
   * Extra keywords to accept without meaning (besides every `x-…` keyword,
   * which is always accepted).
   */
  annotations?: string[];
}

const X_ANNOTATION = /^x-/;

/**
 * Ajv that accepts any `x-…` keyword as a pure annotation while staying in strict
 * mode for everything else. Ajv has no wildcard for unknown keywords, so every
 * schema is scanned for `x-` keys just before Ajv compiles or stores it (all entry
 * points — compile, addSchema, validate, getSchema of added schemas — go through
 * `_addSchema`).
 */
class AnnotationTolerantAjv extends Ajv {
  override _addSchema(...args: Parameters<Ajv['_addSchema']>): ReturnType<Ajv['_addSchema']> {
    registerXKeywords(this, args[0]);
    return super._addSchema(...args);
  }
}

function registerXKeywords(ajv: Ajv, schema: AnySchema | unknown): void {
  const seen = new Set<unknown>();
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      // A property *named* x-… (under `properties`) is registered too; harmless,
      // an annotation keyword does nothing.
      if (X_ANNOTATION.test(key) && !ajv.getKeyword(key)) ajv.addKeyword({ keyword: key });
      visit(value);
    }
  };
  visit(schema);
}

/**
 * Creates the Ajv 8 instance every validator in the project uses (server and client):
 * allErrors, strict mode, ajv-errors (`errorMessage`), ajv-formats, `x-…` annotations allowed,
 * and the attendee-answer keywords (calendar dates, date bounds, CURP check digit) of answer-keywords.ts.
 */
export function createAjv(options: CreateAjvOptions = {}): Ajv {
  const { annotations = [], ...ajvOptions } = options;
  const ajv = new AnnotationTolerantAjv({
    allErrors: true,
    strict: true,
    // `type: ["string", "null"]` is plain JSON Schema; strict mode would refuse it.
    allowUnionTypes: true,
    ...ajvOptions,
  });
  addFormats(ajv);
  addAnswerKeywords(ajv);
  ajvErrors(ajv);
  for (const keyword of annotations) {
    if (!ajv.getKeyword(keyword)) ajv.addKeyword({ keyword });
  }
  return ajv;
}
