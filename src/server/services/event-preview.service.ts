import { createHash } from 'node:crypto';
import {
  ATTENDEE_FORMS_EXPORT,
  attendeeValidatorExport,
  EVENT_VERSION_EXPORT,
  PREVIEW_API,
  type AttendeeFormsExport,
  type EventPreviewEvent,
  type EventPreviewProblem,
  type EventPreviewResponse,
  type EventPreviewTicket,
} from '../../shared/api';
import { compileAttendeeFields } from '../../shared/attendee-form';
import { AttendeeFormDefinitionError } from '../../shared/attendee-form/attendee-form-definition-error';
import type { AttendeeField } from '../../shared/event-file/event-file.types';
import { validateEventFile } from '../../shared/event-file/validate-event-file';
import { patternVerdicts } from '../../shared/event-file/field-limit-checks';
import { standaloneValidatorModule } from '../../shared/validation/standalone-module';

/**
 * Built preview modules by the hash of their code: the URL is a capability (it names exactly the
 * code the operator's own file produced), so the page can `import()` it without a bearer header,
 * which a module import cannot send. Bounded: a preview is looked at, not kept.
 */
const modules = new Map<string, string>();
const MODULE_LIMIT = 50;

/** The code of a preview module, or undefined once it has been pushed out. */
export function previewModule(id: string): string | undefined {
  return modules.get(id);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON.parse reports a character offset; operators want a line and column. */
function syntaxProblem(error: unknown, source: string): EventPreviewProblem {
  const message = error instanceof Error ? error.message : String(error);
  const offset = /position (\d+)/.exec(message);
  const before = offset ? source.slice(0, Number(offset[1])) : '';
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  const reason = message.replace(/ in JSON at position \d+.*$/, '');
  return {
    pointer: '',
    es: `No es JSON válido (${reason}${offset ? `; línea ${line}, columna ${column}` : ''})`,
    en: `Not valid JSON (${reason}${offset ? `; line ${line}, column ${column}` : ''})`,
  };
}

/** Every problem `event:check` reports, each sentence in Spanish and English (both runs list them in one order). */
async function checkProblems(input: unknown): Promise<EventPreviewProblem[]> {
  const patterns = await patternVerdicts(input);
  const es = await validateEventFile(input, 'es', patterns);
  if (es.valid) return [];
  const en = await validateEventFile(input, 'en', patterns);
  const english = en.valid ? [] : en.problems;
  return es.problems.map((problem, index) => ({ pointer: problem.pointer, es: problem.message, en: english[index]?.message ?? problem.message }));
}

const text = (value: unknown, fallback: string): string => (typeof value === 'string' ? value : fallback);
const count = (value: unknown, fallback: number): number => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/**
 * The ticket types that make sense alone (an integer id not seen before) and, for each whose form
 * compiles, its compiled schema: a broken field spoils only its own ticket type's form, which the
 * problems list explains. A form that `event:check` let through but the compiler refuses is a
 * problem too, so nothing is silently left out.
 */
function readTickets(input: Record<string, unknown>, problems: EventPreviewProblem[]) {
  const tickets: EventPreviewTicket[] = [];
  const forms: AttendeeFormsExport = {};
  const list = Array.isArray(input.tickets) ? input.tickets : [];
  list.forEach((raw, index) => {
    if (!isRecord(raw) || typeof raw.id !== 'number' || !Number.isInteger(raw.id) || tickets.some((t) => t.id === raw.id)) return;
    const name = text(raw.name, `#${raw.id}`);
    let hasForm = false;
    if (Array.isArray(raw.form) && raw.form.length > 0) {
      try {
        const compiled = compileAttendeeFields(raw.form as AttendeeField[]);
        // The standalone code generator refuses what the browser could not run; try it per form.
        standaloneValidatorModule({ [attendeeValidatorExport(raw.id)]: compiled.schema });
        forms[String(raw.id)] = { ticketName: name, ...compiled };
        hasForm = true;
      } catch (error) {
        const pointer = `/tickets/${index}/form`;
        if (!problems.some((problem) => problem.pointer.startsWith(pointer))) {
          const reason = error instanceof AttendeeFormDefinitionError || error instanceof Error ? error.message : String(error);
          problems.push({ pointer, es: `El formulario no se pudo compilar: ${reason}`, en: `The form could not be compiled: ${reason}` });
        }
      }
    }
    tickets.push({
      id: raw.id,
      name,
      price: count(raw.price, 0),
      description: typeof raw.description === 'string' ? raw.description : null,
      minimum: count(raw.minimum, 1),
      maximum: count(raw.maximum, 1),
      hidden: raw.hidden === true,
      hasForm,
    });
  });
  return { tickets, forms };
}

/** The module the storefront's attendee step loads, built from the forms that compiled. */
function storeModule(forms: AttendeeFormsExport): string | null {
  const ids = Object.keys(forms);
  if (ids.length === 0) return null;
  const schemas = Object.fromEntries(ids.map((id) => [attendeeValidatorExport(id), forms[id].schema]));
  const code =
    `${standaloneValidatorModule(schemas)}\n` +
    `export const ${EVENT_VERSION_EXPORT} = "preview";\n` +
    `export const ${ATTENDEE_FORMS_EXPORT} = ${JSON.stringify(forms)};\n`;
  const id = createHash('sha256').update(code).digest('base64url').slice(0, 32);
  if (!modules.has(id)) {
    if (modules.size >= MODULE_LIMIT) modules.delete(modules.keys().next().value!);
    modules.set(id, code);
  }
  return PREVIEW_API.module(id);
}

/**
 * What an event file would show, without a database: every `event:check` problem (es and en),
 * the event's name and ticket types as far as they can be read, and a validator module with the
 * attendee form of each ticket type that compiles — compiled by the same compiler and standalone
 * generator as the storefront's `attendee-validators.js`, so the preview judges answers alike.
 */
export async function previewEventSource(source: string): Promise<EventPreviewResponse> {
  let input: unknown;
  try {
    input = JSON.parse(source.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { problems: [syntaxProblem(error, source.replace(/^\uFEFF/, ''))], event: null, module: null };
  }
  const problems = await checkProblems(input);
  if (!isRecord(input)) return { problems, event: null, module: null };
  const details = isRecord(input.event) ? input.event : {};
  const config = isRecord(details.config) ? details.config : {};
  const { tickets, forms } = readTickets(input, problems);
  const event: EventPreviewEvent = { name: text(details.name, ''), currency: text(config.currency, 'MXN'), tickets };
  return { problems, event, module: storeModule(forms) };
}
