import type { AttendeeField } from '../event-file/event-file.types';
import { IMAGE_ANSWER_MAX_BYTES } from './answer-limits';

/** What the server must re-check on the decoded bytes of a file answer. */
export interface FileAnswerLimits {
  maxBytes?: number;
  allowedMimeTypes?: string[];
}

/**
 * The exact size and MIME limits of a file field (empty for other types), for the server's
 * byte-level re-check. maxBytes is always set: the operator's maxSize, never above IMAGE_ANSWER_MAX_BYTES.
 */
export function fileAnswerLimits(field: AttendeeField): FileAnswerLimits {
  if (field.type !== 'file') return {};
  const { maxSize, allowedFormats } = field.validation ?? {};
  const limits: FileAnswerLimits = {};
  limits.maxBytes = Math.min(maxSize?.value ?? IMAGE_ANSWER_MAX_BYTES, IMAGE_ANSWER_MAX_BYTES);
  if (allowedFormats) limits.allowedMimeTypes = [...allowedFormats.value];
  return limits;
}
