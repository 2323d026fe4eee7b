import { ATTENDEE_MESSAGE_KEYS } from '../../../src/shared/attendee-form/message-keys';

/** What the file widget knows before reading a file (from the field's ui:options). */
export interface ImageFileRules {
  /** `accept` as written in ui:options: `image/*` or a comma list of image MIME types. */
  accept?: string;
  maxBytes?: number;
  /** The operator's message for a type outside the allowed formats. */
  formatMessage?: string;
  /** The operator's message for a file over maxBytes. */
  sizeMessage?: string;
}

/** The allowed image MIME types of `accept`, or undefined when any image is allowed. */
export function allowedImageTypes(accept: string | undefined): string[] | undefined {
  const types = (accept ?? '')
    .split(',')
    .map((type) => type.trim().toLowerCase())
    .filter((type) => type !== '' && type !== 'image/*');
  return types.length > 0 ? types : undefined;
}

/**
 * Judges a chosen file by its declared type and size BEFORE it is read (a 40 MB video is
 * never loaded into memory): not an image → 'Formato de imagen no válido.'; an image type
 * not allowed → the operator's allowedFormats message; too big → the operator's maxSize
 * message. Undefined when the file may be read. The server re-checks the decoded bytes.
 */
export function checkImageFile(file: { type: string; size: number }, rules: ImageFileRules): string | undefined {
  const type = file.type.toLowerCase();
  if (!/^image\/[a-z0-9.+-]+$/.test(type)) return ATTENDEE_MESSAGE_KEYS.invalidImage;
  const allowed = allowedImageTypes(rules.accept);
  if (allowed && !allowed.includes(type)) return rules.formatMessage ?? ATTENDEE_MESSAGE_KEYS.invalidImage;
  if (rules.maxBytes !== undefined && file.size > rules.maxBytes) return rules.sizeMessage ?? ATTENDEE_MESSAGE_KEYS.invalidImage;
  return undefined;
}

/** "2 MB", "500 KB": a size limit as buyers read it. */
export function formatBytes(bytes: number, locale = 'es-MX'): string {
  const format = (value: number, unit: string) => `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value)} ${unit}`;
  if (bytes >= 1024 * 1024) return format(bytes / (1024 * 1024), 'MB');
  if (bytes >= 1024) return format(bytes / 1024, 'KB');
  return format(bytes, 'B');
}

/** Short names of image types for the hint ("PNG, JPEG"). */
export function formatNames(accept: string | undefined): string {
  const allowed = allowedImageTypes(accept);
  if (!allowed) return 'PNG, JPEG, WEBP, GIF';
  return allowed.map((type) => type.replace(/^image\//, '').replace(/\+.*$/, '').toUpperCase()).join(', ');
}
