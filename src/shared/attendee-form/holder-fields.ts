import type { AttendeeField } from '../event-file/event-file.types';

/** What the holder rule reads of a field: its id, its type (the event file's), its label. */
export type HolderFieldSource = Pick<AttendeeField, 'id' | 'label'> & { type: AttendeeField['type'] | 'other' };

/** The fields of a ticket type's form that give a ticket's holder: their name and their e-mail (field ids). */
export interface HolderFields {
  name?: string;
  email?: string;
}

/**
 * The one rule for who a ticket's holder is from an attendee's answers: the name is the first text field called
 * name/nombre (by id or label), else the first text field; the e-mail is the first e-mail field. The tickets (at
 * payment, on a correction) and a transfer read it on the server; the transfer dialog reads it to ask neither twice.
 */
export function holderFields(fields: readonly HolderFieldSource[]): HolderFields {
  const text = fields.filter((f) => f.type === 'text');
  const name = (text.find((f) => /nombre|name/i.test(`${f.id} ${f.label ?? ''}`)) ?? text[0])?.id;
  const email = fields.find((f) => f.type === 'email')?.id;
  return { ...(name ? { name } : {}), ...(email ? { email } : {}) };
}

/** The holder's name and e-mail one attendee's answers give (trimmed; absent when the field is not answered). */
export function holderFromAnswers(fields: HolderFields, answers: Record<string, unknown>): { name?: string; email?: string } {
  const read = (id: string | undefined) => {
    const value = id ? answers[id] : undefined;
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  };
  const name = read(fields.name);
  const email = read(fields.email);
  return { ...(name ? { name } : {}), ...(email ? { email } : {}) };
}

/**
 * The fields of a compiled attendee form (its JSON schema and ui schema, as `field-schema.ts` builds them) as the
 * holder rule reads them: a text field is a string without a widget, an e-mail field has the `email` widget.
 */
export function formFields(schema: { properties?: Record<string, unknown> }, uiSchema: Record<string, unknown>): HolderFieldSource[] {
  return Object.entries(schema.properties ?? {}).map(([id, node]) => {
    const ui = (uiSchema[id] ?? {}) as Record<string, unknown>;
    const widget = ui['ui:widget'];
    const type = widget === 'email' ? 'email' : widget === undefined && (node as { type?: unknown }).type === 'string' ? 'text' : 'other';
    return { id, type, label: typeof ui['ui:title'] === 'string' ? ui['ui:title'] : '' };
  });
}
