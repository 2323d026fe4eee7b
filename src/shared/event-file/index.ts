export { validateEventFile, type EventFileValidation } from './validate-event-file';
export type { EventFileProblem, ProblemLang } from './event-file-problem';
export { EVENT_FILE_SCHEMAS, EVENT_FILE_SCHEMA_ID } from './event-file-schemas';
export { RESERVED_URLS } from './semantic-checks';
export type * from './event-file.types';
