import type { ErrorObject } from 'ajv';
import { closestNames } from './closest-name';
import type { EventFileProblem, ProblemLang } from './event-file-problem';

const escapeToken = (token: string): string => token.replace(/~/g, '~0').replace(/\//g, '~1');

const TYPE_NAMES: Record<ProblemLang, Record<string, string>> = {
  es: {
    number: 'un número',
    integer: 'un número entero',
    string: 'texto',
    boolean: 'true o false',
    array: 'una lista',
    object: 'un objeto',
    null: 'null',
  },
  en: {
    number: 'a number',
    integer: 'a whole number',
    string: 'text',
    boolean: 'true or false',
    array: 'a list',
    object: 'an object',
    null: 'null',
  },
};

/** Friendlier words for the patterns used in schemas/event (fallback: the pattern itself). */
const PATTERN_HINTS: Record<string, Record<ProblemLang, string>> = {
  '^[a-z0-9]+(?:-[a-z0-9]+)*$': {
    es: 'solo puede tener letras minúsculas sin acentos, números y guiones sueltos (ej. mi-evento)',
    en: 'may only contain lower-case letters, digits and single hyphens (e.g. my-event)',
  },
  '^[0-9]{6}$': { es: 'debe tener exactamente 6 dígitos', en: 'must be exactly 6 digits' },
  '^[A-Z]{3}$': {
    es: 'debe ser un código de moneda de 3 letras mayúsculas (ej. MXN)',
    en: 'must be a 3-letter upper-case currency code (e.g. MXN)',
  },
  '^[a-z]{2}$': { es: 'debe ser un código de 2 letras minúsculas (ej. na)', en: 'must be a 2-letter lower-case code (e.g. na)' },
  '^[A-Za-z0-9_-]+$': {
    es: 'solo puede tener letras sin acentos, números, guiones y guiones bajos, sin espacios',
    en: 'may only contain letters, digits, hyphens and underscores, no spaces',
  },
  '^[A-Za-z][A-Za-z0-9_-]*$': {
    es: 'debe empezar con una letra y tener solo letras sin acentos, números, _ y -',
    en: 'must start with a letter and contain only letters, digits, _ and -',
  },
  '^#[0-9a-fA-F]{6}$': {
    es: 'debe ser un color #rrggbb en hexadecimal (ej. #1f4fbf)',
    en: 'must be a #rrggbb hexadecimal colour (e.g. #1f4fbf)',
  },
  '^(/|https://)': {
    es: 'debe ser una ruta del sitio que empiece con / o una dirección https://',
    en: 'must be a site path starting with / or an https:// address',
  },
};

const FORMAT_HINTS: Record<string, Record<ProblemLang, string>> = {
  'date-time': {
    es: 'debe ser una fecha y hora ISO 8601 con zona horaria (ej. 2026-01-01T00:00:00Z)',
    en: 'must be an ISO 8601 date and time with a time zone (e.g. 2026-01-01T00:00:00Z)',
  },
  email: { es: 'debe ser un correo electrónico válido', en: 'must be a valid e-mail address' },
};

const quoteList = (values: unknown[]): string => values.map((value) => JSON.stringify(value)).join(', ');

function typeSentence(lang: ProblemLang, type: unknown): string {
  const names = String(type)
    .split(',')
    .map((name) => TYPE_NAMES[lang][name] ?? name);
  return lang === 'es' ? `debe ser ${names.join(' o ')}` : `must be ${names.join(' or ')}`;
}

function sentence(error: ErrorObject, lang: ProblemLang): string {
  const es = lang === 'es';
  const params = error.params as Record<string, unknown>;
  const limit = params.limit as number;
  switch (error.keyword) {
    case 'required':
      return es ? 'falta este campo obligatorio' : 'this required field is missing';
    case 'additionalProperties': {
      const known = Object.keys((error.parentSchema?.properties as object | undefined) ?? {});
      const guesses = closestNames(String(params.additionalProperty), known).map((name) => `"${name}"`);
      const base = es ? 'no es un campo permitido aquí' : 'is not an allowed field here';
      if (guesses.length > 0) {
        const last = guesses.pop();
        const options = guesses.length > 0 ? `${guesses.join(', ')} ${es ? 'o' : 'or'} ${last}` : last;
        return es ? `${base} (¿quisiste decir ${options}?)` : `${base} (did you mean ${options}?)`;
      }
      return known.length > 0 ? `${base} (${es ? 'se permiten' : 'allowed'}: ${known.join(', ')})` : base;
    }
    case 'type':
      return typeSentence(lang, params.type);
    case 'minimum':
      return es ? `debe ser un número mayor o igual a ${limit}` : `must be a number greater than or equal to ${limit}`;
    case 'maximum':
      return es ? `debe ser un número menor o igual a ${limit}` : `must be a number less than or equal to ${limit}`;
    case 'exclusiveMinimum':
      return es ? `debe ser un número mayor que ${limit}` : `must be a number greater than ${limit}`;
    case 'exclusiveMaximum':
      return es ? `debe ser un número menor que ${limit}` : `must be a number less than ${limit}`;
    case 'minLength':
      if (limit === 1) return es ? 'no puede estar vacío' : 'must not be empty';
      return es ? `debe tener al menos ${limit} caracteres` : `must have at least ${limit} characters`;
    case 'maxLength':
      return es ? `debe tener como máximo ${limit} caracteres` : `must have at most ${limit} characters`;
    case 'pattern': {
      const hint = PATTERN_HINTS[String(params.pattern)]?.[lang];
      return hint ?? (es ? `no tiene el formato esperado (${params.pattern})` : `does not have the expected format (${params.pattern})`);
    }
    case 'format': {
      const hint = FORMAT_HINTS[String(params.format)]?.[lang];
      return hint ?? (es ? `debe tener el formato ${params.format}` : `must have the format ${params.format}`);
    }
    case 'enum':
      return es
        ? `debe ser uno de: ${quoteList(params.allowedValues as unknown[])}`
        : `must be one of: ${quoteList(params.allowedValues as unknown[])}`;
    case 'const':
      return es ? `debe ser ${JSON.stringify(params.allowedValue)}` : `must be ${JSON.stringify(params.allowedValue)}`;
    case 'minItems':
      if (limit === 1) return es ? 'debe tener al menos un elemento' : 'must have at least one item';
      return es ? `debe tener al menos ${limit} elementos` : `must have at least ${limit} items`;
    case 'maxItems':
      return es ? `debe tener como máximo ${limit} elementos` : `must have at most ${limit} items`;
    case 'uniqueItems':
      return es
        ? `no debe repetir elementos (los elementos ${params.j} y ${params.i} son iguales)`
        : `must not repeat items (items ${params.j} and ${params.i} are the same)`;
    default:
      return es ? `no es válido (${error.message ?? error.keyword})` : `is not valid (${error.message ?? error.keyword})`;
  }
}

/** Turns one Ajv error on an event file into a problem with a plain es/en sentence. */
export function schemaErrorToProblem(error: ErrorObject, lang: ProblemLang): EventFileProblem {
  const params = error.params as Record<string, unknown>;
  let pointer = error.instancePath;
  if (error.keyword === 'required') pointer += `/${escapeToken(String(params.missingProperty))}`;
  if (error.keyword === 'additionalProperties') pointer += `/${escapeToken(String(params.additionalProperty))}`;
  return { pointer, message: sentence(error, lang) };
}
