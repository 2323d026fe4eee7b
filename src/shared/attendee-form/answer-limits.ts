/**
 * Hard ceilings on what one attendee answer may weigh. They bound storage and the work a
 * server does per answer (every pattern runs on at most this many characters), so an
 * operator's own maxLength / maxSize may only lower them; the event-file checker refuses
 * a larger value, and the compiler clamps one stored before these limits existed.
 */

/** Characters of a text, email or telefono answer when the operator gives no lower maxLength. */
export const TEXT_ANSWER_MAX_LENGTH = 500;

/** Decoded bytes of an image answer when the operator gives no lower maxSize (2 MiB). */
export const IMAGE_ANSWER_MAX_BYTES = 2 * 1024 * 1024;
