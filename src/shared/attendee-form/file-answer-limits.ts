import type { AttendeeField } from '../event-file/event-file.types';

/** What the server must re-check on the decoded bytes of a file answer. */
export interface FileAnswerLimits {
  maxBytes?: number;
  allowedMimeTypes?: string[];
}

/** The exact size and MIME limits of a file field (empty for other types), for the server's byte-level re-check. */
export function fileAnswerLimits(field: AttendeeField): FileAnswerLimits {
  if (field.type !== 'file') return {};
  const { maxSize, allowedFormats } = field.validation ?? {};
  const limits: FileAnswerLimits = {};
  if (maxSize) limits.maxBytes = maxSize.value;
  if (allowedFormats) limits.allowedMimeTypes = [...allowedFormats.value];
  return limits;
}
