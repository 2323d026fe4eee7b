import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { EventFile } from '../../shared/event-file/event-file.types';
import { casesPathOf, type AnswerCase } from './answer-cases';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SCHEMAS = fileURLToPath(new URL('../../../schemas/event/', import.meta.url));

/** The `$schema` an editor follows from `file` to one of schemas/event (a relative path, posix separators). */
const schemaRef = (file: string, schema: string): string => relative(dirname(resolve(file)), resolve(SCHEMAS, schema)).split('\\').join('/');

/** A starter event: one ticket type with a small form (a condition included), one product, one discount code. */
export function starterEvent(slug: string, file: string): EventFile {
  return {
    $schema: schemaRef(file, 'event-file.schema.json'),
    url: slug,
    hold_minutes: 15,
    event: { name: `Mi evento (${slug})`, config: { currency: 'MXN', metodo_pago_mercadopago_efectivo: true, metodo_pago_paypal: true } },
    tickets: [
      {
        id: 1,
        name: 'General',
        price: 350,
        minimum: 1,
        maximum: 6,
        capacity: 100,
        form: [
          { id: 'nombre', type: 'text', label: 'Nombre completo', required: true, validation: { maxLength: { value: 80, message: 'Máximo 80 caracteres' } } },
          { id: 'correo', type: 'email', label: 'Correo electrónico', required: true },
          { id: 'accesible', type: 'checkbox', label: '¿Necesitas un lugar accesible?' },
          {
            id: 'necesidades',
            type: 'textarea',
            label: 'Cuéntanos qué necesitas',
            required: true,
            visible_when: { field: 'accesible', equals: true },
            validation: { maxLength: { value: 300, message: 'Cuéntanoslo en 300 caracteres o menos' } },
          },
        ],
      },
    ],
    productos: [{ id: 1, nombre: 'Playera del evento', precio: 250, minimo: 1, maximo: 4, stock: 50 }],
    discount_codes: [{ code: 'BIENVENIDA10', percent: 10, max_uses: 100 }],
  };
}

/** The starter's answer cases: one accepted, one missing answers, one answering a hidden question. */
export function starterCases(file: string): { $schema: string; cases: AnswerCase[] } {
  return {
    $schema: schemaRef(file, 'answer-cases.schema.json'),
    cases: [
      { name: 'nombre y correo bastan', ticket: 1, answers: { nombre: 'Ana López', correo: 'ana@correo.mx' }, valid: true },
      {
        name: 'sin respuestas: nombre y correo son obligatorios',
        ticket: 1,
        answers: {},
        problems: [
          { field: 'nombre', message: 'Este campo es obligatorio' },
          { field: 'correo', message: 'Este campo es obligatorio' },
        ],
      },
      {
        name: 'quien pide lugar accesible cuenta qué necesita',
        ticket: 1,
        answers: { nombre: 'Ana López', correo: 'ana@correo.mx', accesible: true },
        problems: [{ field: 'necesidades', message: 'Este campo es obligatorio' }],
      },
    ],
  };
}

/**
 * `npm run event:new -- my-slug [--out file.json]`: writes `my-slug.json` (and its answer
 * cases, `my-slug.cases.json`) that pass `event:check` as they are; never overwrites a file.
 * Returns the exit code: 0 written, 1 a file exists, 2 bad usage.
 */
export async function runEventNew(argv: string[], out: (line: string) => void = console.log): Promise<number> {
  const args = argv.filter((arg) => arg !== '--');
  const outAt = args.indexOf('--out');
  const file = outAt >= 0 ? args[outAt + 1] : undefined;
  const slug = args.filter((_arg, index) => outAt < 0 || (index !== outAt && index !== outAt + 1))[0];
  if (!slug || !SLUG.test(slug) || (outAt >= 0 && !file)) {
    out('Usage: npm run event:new -- my-event [--out path/my-event.json]   (url: lowercase letters, digits and hyphens)');
    return 2;
  }
  // `npm run` starts scripts in the package folder; the operator meant the folder they typed in.
  const eventFile = resolve(process.env.INIT_CWD ?? process.cwd(), file ?? `${slug}.json`);
  const casesFile = casesPathOf(eventFile);
  for (const path of [eventFile, casesFile]) {
    if (existsSync(path)) {
      out(`${path} already exists; not overwritten`);
      return 1;
    }
  }
  await writeFile(eventFile, `${JSON.stringify(starterEvent(slug, eventFile), null, 2)}\n`);
  await writeFile(casesFile, `${JSON.stringify(starterCases(casesFile), null, 2)}\n`);
  out(`${eventFile} and ${casesFile} written. Check them with: npm run event:check -- ${eventFile}`);
  return 0;
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invokedDirectly) {
  runEventNew(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exitCode = 1;
    },
  );
}
