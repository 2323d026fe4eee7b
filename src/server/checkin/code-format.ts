/**
 * The signed ticket code a QR carries (docs/checkin-codes.md). Bytes, then RFC 4648 base32
 * upper case without padding (only A–Z and 2–7: a QR's alphanumeric mode, 5.5 bits a character):
 *
 *   version (1 byte, 1) | key id (1 byte) | ticket id (16 bytes, the UUID) | ticket type (4 bytes,
 *   the event file's id, big-endian) | seat length (1 byte, 0 = none) | seat (UTF-8) | Ed25519 signature (64 bytes)
 *
 * The signature covers every byte before it. A scanner needs only the event's public key of that key id.
 */
export const CODE_VERSION = 1;
/** Longest seat label a code carries (bytes of UTF-8); a longer one is cut (the seat is shown from the synced list too). */
export const SEAT_MAX_BYTES = 40;
export const SIGNATURE_BYTES = 64;

export interface CodePayload {
  keyId: number;
  ticketId: string;
  ticketType: number;
  seat: string | null;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

/** The bytes of a base32 text, or null when it has a character outside the alphabet. */
export function base32Decode(text: string): Uint8Array | null {
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text) {
    const value = ALPHABET.indexOf(char);
    if (value < 0) return null;
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 255);
      bits -= 8;
    }
    buffer &= (1 << bits) - 1;
  }
  return Uint8Array.from(out);
}

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

const uuid = (hex: string) => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/** A code split into its payload, the signed bytes and the signature; null when it is not a signed code of this version. */
export function decodeCode(code: string): { payload: CodePayload; signed: Buffer; signature: Buffer } | null {
  if (code.length < 140 || code.length > 220) return null;
  const raw = base32Decode(code);
  if (!raw || raw.length < 23 + SIGNATURE_BYTES) return null;
  const bytes = Buffer.from(raw);
  if (bytes.readUInt8(0) !== CODE_VERSION) return null;
  const seatLength = bytes.readUInt8(22);
  if (bytes.length !== 23 + seatLength + SIGNATURE_BYTES) return null;
  const signed = bytes.subarray(0, 23 + seatLength);
  return {
    payload: {
      keyId: bytes.readUInt8(1),
      ticketId: uuid(bytes.subarray(2, 18).toString('hex')),
      ticketType: bytes.readUInt32BE(18),
      seat: seatLength ? signed.subarray(23).toString('utf8') : null,
    },
    signed,
    signature: bytes.subarray(23 + seatLength),
  };
}

/**
 * Error correction of every QR of a ticket: Q (25 % of the symbol may be lost), for a cracked phone
 * screen read at arm's length; with a code of about 140 alphanumeric characters that is QR version
 * 8 (49 × 49 modules), big modules on a 5 cm symbol.
 */
export const QR_ERROR_CORRECTION = 'Q' as const;
