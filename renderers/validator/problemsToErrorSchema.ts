import type { ErrorSchema, RJSFValidationError } from '@rjsf/utils';
import type { AnswerProblem } from '../../src/shared/attendee-form/attendee-form.types';

const unescapeToken = (token: string): string => token.replace(/~1/g, '/').replace(/~0/g, '~');

/** The path segments of a JSON pointer (`/a/0/b` → ['a', '0', 'b']; '' → []). */
export function pointerSegments(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map(unescapeToken);
}

/** rjsf's ErrorSchema (`{ email: { __errors: [...] } }`) of a problem list, built from pointers (never from dotted paths). */
export function problemsToErrorSchema<T = unknown>(problems: readonly AnswerProblem[]): ErrorSchema<T> {
  const root: Record<string, unknown> = {};
  for (const { pointer, message } of problems) {
    let node = root;
    for (const segment of pointerSegments(pointer)) {
      node[segment] ??= {};
      node = node[segment] as Record<string, unknown>;
    }
    const errors = (node.__errors ??= []) as string[];
    if (!errors.includes(message)) errors.push(message);
  }
  return root as ErrorSchema<T>;
}

/** rjsf's flat error list of a problem list (`property` like `.email`, as rjsf's own validator writes it). */
export function problemsToErrorList(problems: readonly AnswerProblem[]): RJSFValidationError[] {
  return problems.map(({ pointer, message }) => {
    const property = pointerSegments(pointer).map((segment) => `.${segment}`).join('');
    return { name: 'errorMessage', property, message, stack: `${property} ${message}`.trim(), params: {}, schemaPath: '' };
  });
}
