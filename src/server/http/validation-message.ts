import type { ErrorObject } from 'ajv';
import { renderMessage, type MessageLanguage } from './error-messages';

/** `/tickets/0/cantidad` → `tickets[0].cantidad`: how a person reads a field path. */
function readablePath(instancePath: string, extra?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (extra) parts.push(extra);
  return parts.reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part), '');
}

/**
 * One sentence for one ajv error of a request body, query or params, in `language`
 * (the catalogue's `validation` sentences, locales/<lang>/api-errors.json).
 */
export function describeValidationError(error: ErrorObject, where = 'body', language: MessageLanguage = 'es'): string {
  const say = (key: string, values: Record<string, string | number> = {}) => renderMessage(language, `validation.${key}`, values);
  const field = readablePath(error.instancePath);
  const subject = field ? say('subjectField', { field }) : where === 'body' ? say('subjectBody') : say('subjectRequest');
  const p = error.params as Record<string, unknown>;
  const limit = String(p.limit);
  switch (error.keyword) {
    case 'required':
      return say('required', { field: readablePath(error.instancePath, String(p.missingProperty)) });
    case 'additionalProperties':
      return say('additionalProperties', { field: readablePath(error.instancePath, String(p.additionalProperty)) });
    case 'type': {
      const name = (type: string) => {
        try {
          return say(`typeNames.${type}`);
        } catch {
          return type;
        }
      };
      const expected = String(p.type).split(',').map(name).join(say('typeJoin'));
      return say('type', { subject, expected });
    }
    case 'minimum':
    case 'exclusiveMinimum':
    case 'maximum':
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
      return say(error.keyword, { subject, limit });
    case 'minLength':
      return Number(p.limit) === 1 ? say('notEmpty', { subject }) : say('minLength', { subject, limit });
    case 'pattern':
    case 'format':
      return say('format', { subject });
    case 'enum':
      return say('enum', { subject, values: (p.allowedValues as unknown[]).join(', ') });
    case 'errorMessage':
      return error.message ?? say('invalid', { subject });
    default:
      return say('invalid', { subject });
  }
}
