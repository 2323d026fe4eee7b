import en from '../../../locales/en/exports.json';
import es from '../../../locales/es/exports.json';
import type { AttendeeField } from '../../shared/event-file/event-file.types';
import { formatFolio } from '../fulfilment/emit-tickets';
import type { MessageLanguage } from '../http/error-messages';
import type { TicketTypeRow } from '../repositories/event.repository';
import type { AttendeeRow } from './attendee-rows';

/** The words of the list and its files (`locales/{es,en}/exports.json`). */
export const exportWords: Record<MessageLanguage, typeof es> = { es, en };

/** A column of the attendee list and its files: its id, its title in the language asked, and its cell's text for a row. */
export interface AttendeeColumnDef {
  id: string;
  title: string;
  cell: (row: AttendeeRow) => string;
  /** Whether the row has this column at all (a form field its ticket type does not ask: no). */
  asked: (row: AttendeeRow) => boolean;
}

/** The fixed columns, then one per attendee form field of the event. */
export interface AttendeeColumns {
  fixed: AttendeeColumnDef[];
  fields: AttendeeColumnDef[];
}

type FixedId = keyof typeof es.columns;

const FIXED: [FixedId, (row: AttendeeRow, words: typeof es) => string | null][] = [
  ['folio', (r) => formatFolio(r.folio)],
  ['ticket_type', (r) => r.ticketType],
  ['seat', (r) => r.seat],
  ['holder_name', (r) => r.holderName],
  ['holder_email', (r) => r.holderEmail],
  ['buyer_name', (r) => r.buyerName],
  ['buyer_email', (r) => r.buyerEmail],
  ['buyer_phone', (r) => r.buyerPhone],
  ['reference', (r) => r.reference],
  ['status', (r, words) => words.statuses[r.status]],
  ['paid_at', (r) => r.paidAt],
  ['payment_method', (r) => r.paymentMethod],
  ['checked_in_at', (r) => r.checkedInAt],
];

/** An answer as text: lists joined by commas, yes/no in the language asked, an uploaded file named, never its bytes. */
export function answerText(field: AttendeeField, value: unknown, language: MessageLanguage): string {
  if (value === undefined || value === null || value === '') return '';
  if (field.type === 'file') return exportWords[language].answers.file;
  if (typeof value === 'boolean') return exportWords[language].answers[value ? 'yes' : 'no'];
  if (Array.isArray(value)) return value.map(String).join(', ');
  return String(value);
}

/**
 * The columns of an event's attendee list: the fixed ones, then every field of its ticket types' attendee forms
 * (by id, in the types' order, titled with the first type's label). A row of a type without the field has it empty.
 */
export function attendeeColumns(types: TicketTypeRow[], language: MessageLanguage): AttendeeColumns {
  const words = exportWords[language];
  const fieldsOfType = new Map(types.map((t) => [Number(t.external_id), new Map(t.form.map((f) => [f.id, f]))]));
  const titles = new Map<string, string>();
  for (const type of [...types].sort((a, b) => a.sort_order - b.sort_order)) for (const field of type.form) if (!titles.has(field.id)) titles.set(field.id, field.label);
  return {
    fixed: FIXED.map(([id, cell]) => ({ id, title: words.columns[id], cell: (row) => cell(row, words) ?? '', asked: () => true })),
    fields: [...titles].map(([id, title]) => ({
      id,
      title,
      cell: (row) => {
        const field = fieldsOfType.get(row.ticketTypeId)?.get(id);
        return field ? answerText(field, row.answers[id], language) : '';
      },
      asked: (row) => fieldsOfType.get(row.ticketTypeId)?.has(id) ?? false,
    })),
  };
}
