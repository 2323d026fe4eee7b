import type { FieldProblem } from './attendee-field-problems';

/** Thrown by the compilers when a field definition cannot be honoured (never dropped silently). */
export class AttendeeFormDefinitionError extends Error {
  constructor(readonly problems: FieldProblem[]) {
    super(
      `Attendee form definition cannot be compiled: ${problems.map((p) => `${p.pointer || '/'} ${p.code}`).join('; ')}`,
    );
    this.name = 'AttendeeFormDefinitionError';
  }
}
