/**
 * Reading the signed ticket code a QR carries (docs/checkin-codes.md), shared by the server and the door
 * scanner so both read one format. Pure: bytes in, bytes out; the signature is checked by the caller
 * (node:crypto on the server, WebCrypto Ed25519 in the browser). The layout, after RFC 4648 base32
 * (upper case, no padding):
 *
 *   version (1 byte, 1) | key id (1 byte) | ticket id (16 bytes, the UUID) | ticket type (4 bytes,
 *   the event file's id, big-endian) | seat length (1 byte, 0 = none) | seat (UTF-8) | Ed25519 signature (64 bytes)
 */
export const CODE_VERSION = 1;
/** Longest seat label a code carries (bytes of UTF-8); a longer one is cut (the seat is shown from the synced list too). */
export const SEAT_MAX_BYTES = 40;
export const SIGNATURE_BYTES = 64;
/** Bytes before the seat label. */
export const HEAD_BYTES = 23;

export interface CodePayload {
  keyId: number;
  ticketId: string;
  ticketType: number;
  seat: string | null;
}

export interface DecodedCode {
  payload: CodePayload;
  /** The bytes the signature covers. */
  signed: Uint8Array;
  signature: Uint8Array;
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

/** Each ASCII character's value in the alphabet, -1 for the rest. */
const VALUES = (() => {
  const values = new Int8Array(128).fill(-1);
  for (let i = 0; i < ALPHABET.length; i += 1) values[ALPHABET.charCodeAt(i)] = i;
  return values;
})();

/**
 * The bytes of a base32 text, or null when it has a character outside the alphabet. A table lookup per
 * character: a first sync reads 20,000 codes (to tell old random secrets from signed codes), a scan one.
 */
export function base32Decode(text: string): Uint8Array | null {
  const out = new Uint8Array(Math.floor((text.length * 5) / 8));
  let length = 0;
  let buffer = 0;
  let bits = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    const value = char < 128 ? VALUES[char] : -1;
    if (value < 0) return null;
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      out[length++] = (buffer >>> (bits - 8)) & 255;
      bits -= 8;
    }
    buffer &= (1 << bits) - 1;
  }
  return out;
}

const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));
const hex = (bytes: Uint8Array) => {
  let out = '';
  for (const b of bytes) out += HEX[b];
  return out;
};
const uuid = (h: string) => `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;

/** A code split into its payload, the signed bytes and the signature; null when it is not a signed code of this version. */
export function decodeCode(code: string): DecodedCode | null {
  if (code.length < 140 || code.length > 220) return null;
  const bytes = base32Decode(code);
  if (!bytes || bytes.length < HEAD_BYTES + SIGNATURE_BYTES) return null;
  if (bytes[0] !== CODE_VERSION) return null;
  const seatLength = bytes[22];
  if (bytes.length !== HEAD_BYTES + seatLength + SIGNATURE_BYTES) return null;
  const signed = bytes.subarray(0, HEAD_BYTES + seatLength);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    payload: {
      keyId: bytes[1],
      ticketId: uuid(hex(bytes.subarray(2, 18))),
      ticketType: view.getUint32(18),
      seat: seatLength ? new TextDecoder().decode(signed.subarray(HEAD_BYTES)) : null,
    },
    signed,
    signature: bytes.subarray(HEAD_BYTES + seatLength),
  };
}

/** A public key as the sync publishes it (base64url, no padding) → its raw bytes. */
export function base64UrlBytes(text: string): Uint8Array {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
