import type { ErrorObject } from 'ajv';

/** `/tickets/0/cantidad` → `tickets[0].cantidad`: how a person reads a field path. */
function readablePath(instancePath: string, extra?: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (extra) parts.push(extra);
  return parts.reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part), '');
}

/** One Spanish sentence for one ajv error of a request body, query or params. */
export function describeValidationError(error: ErrorObject, where = 'body'): string {
  const field = readablePath(error.instancePath);
  const subject = field ? `El campo «${field}»` : where === 'body' ? 'El cuerpo de la solicitud' : 'La solicitud';
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `Falta el campo «${readablePath(error.instancePath, String(p.missingProperty))}».`;
    case 'additionalProperties':
      return `El campo «${readablePath(error.instancePath, String(p.additionalProperty))}» no está permitido.`;
    case 'type': {
      const names: Record<string, string> = {
        integer: 'un número entero', number: 'un número', string: 'un texto', boolean: 'verdadero o falso',
        object: 'un objeto', array: 'una lista', null: 'nulo',
      };
      const expected = String(p.type).split(',').map((t) => names[t] ?? t).join(' o ');
      return `${subject} debe ser ${expected}.`;
    }
    case 'minimum':
      return `${subject} debe ser mayor o igual a ${p.limit}.`;
    case 'exclusiveMinimum':
      return `${subject} debe ser mayor que ${p.limit}.`;
    case 'maximum':
      return `${subject} debe ser menor o igual a ${p.limit}.`;
    case 'minLength':
      return Number(p.limit) === 1 ? `${subject} no puede estar vacío.` : `${subject} debe tener al menos ${p.limit} caracteres.`;
    case 'maxLength':
      return `${subject} no puede tener más de ${p.limit} caracteres.`;
    case 'minItems':
      return `${subject} debe tener al menos ${p.limit} elemento(s).`;
    case 'maxItems':
      return `${subject} no puede tener más de ${p.limit} elementos.`;
    case 'pattern':
    case 'format':
      return `${subject} no tiene un formato válido.`;
    case 'enum':
      return `${subject} debe ser uno de: ${(p.allowedValues as unknown[]).join(', ')}.`;
    case 'errorMessage':
      return error.message ?? `${subject} no es válido.`;
    default:
      return `${subject} no es válido.`;
  }
}
