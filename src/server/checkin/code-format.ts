import { base32Encode, CODE_VERSION, SEAT_MAX_BYTES, type CodePayload } from '../../shared/checkin/ticket-code';

/**
 * Writing the signed ticket code a QR carries (docs/checkin-codes.md). Reading it is shared with the door
 * scanner: `src/shared/checkin/ticket-code.ts` (layout, base32, `decodeCode`).
 */
export { base32Decode, base32Encode, CODE_VERSION, decodeCode, SEAT_MAX_BYTES, SIGNATURE_BYTES, type CodePayload } from '../../shared/checkin/ticket-code';

/** Cuts a label to at most `max` bytes of UTF-8 without splitting a character. */
function clipUtf8(text: string, max: number): Buffer {
  let bytes = Buffer.from(text, 'utf8');
  let chars = Array.from(text);
  while (bytes.length > max) {
    chars = chars.slice(0, -1);
    bytes = Buffer.from(chars.join(''), 'utf8');
  }
  return bytes;
}

/** The signed part of a code. */
export function payloadBytes(payload: CodePayload): Buffer {
  const seat = payload.seat ? clipUtf8(payload.seat, SEAT_MAX_BYTES) : Buffer.alloc(0);
  const head = Buffer.alloc(23);
  head.writeUInt8(CODE_VERSION, 0);
  head.writeUInt8(payload.keyId, 1);
  Buffer.from(payload.ticketId.replace(/-/g, ''), 'hex').copy(head, 2);
  head.writeUInt32BE(payload.ticketType, 18);
  head.writeUInt8(seat.length, 22);
  return Buffer.concat([head, seat]);
}

/** The code: payload and signature in base32. */
export function encodeCode(payload: CodePayload, signature: Uint8Array): string {
  return base32Encode(Buffer.concat([payloadBytes(payload), signature]));
}

/**
 * Error correction of every QR of a ticket: Q (25 % of the symbol may be lost), for a cracked phone
 * screen read at arm's length; with a code of about 140 alphanumeric characters that is QR version
 * 8 (49 × 49 modules), big modules on a 5 cm symbol.
 */
export const QR_ERROR_CORRECTION = 'Q' as const;
