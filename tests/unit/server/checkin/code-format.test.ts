import { readFileSync } from 'node:fs';
import { createPrivateKey, sign } from 'node:crypto';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, decodeCode, encodeCode, payloadBytes, QR_ERROR_CORRECTION } from '../../../../src/server/checkin/code-format';
import { verifiedPayload } from '../../../../src/server/checkin/event-keys';

/** The test vector published in docs/checkin-codes.md. */
const doc = readFileSync(new URL('../../../../docs/checkin-codes.md', import.meta.url), 'utf8');
const vector = JSON.parse(/```json checkin-code-vector\n([\s\S]*?)```/.exec(doc)![1]) as {
  seed: string; public_key: string; payload: { keyId: number; ticketId: string; ticketType: number; seat: string | null }; code: string;
};
const privateKey = createPrivateKey({ key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.from(vector.seed, 'hex')]), format: 'der', type: 'pkcs8' });
const keys = [{ key_id: 1, public_key: vector.public_key }];

describe('signed ticket codes', () => {
  it('the documented vector: the payload signed with the seed gives the code, which verifies with the public key', () => {
    expect(encodeCode(vector.payload, sign(null, payloadBytes(vector.payload), privateKey))).toBe(vector.code);
    expect(verifiedPayload(vector.code, keys)).toEqual(vector.payload);
  });

  it('a changed byte, an unknown key id or another event key is refused', () => {
    const bytes = Buffer.from(base32Decode(vector.code)!);
    bytes[20] ^= 1; // the ticket type
    expect(verifiedPayload(base32Encode(bytes), keys)).toBeNull();
    expect(verifiedPayload(vector.code, [{ key_id: 2, public_key: vector.public_key }])).toBeNull();
    expect(verifiedPayload(vector.code, [{ key_id: 1, public_key: Buffer.alloc(32, 7).toString('base64url') }])).toBeNull();
    expect(verifiedPayload('x'.repeat(140), keys)).toBeNull();
    expect(verifiedPayload('old-random-secret', keys)).toBeNull();
  });

  it('a seat round-trips (cut to 40 bytes of UTF-8 without splitting a character)', () => {
    const payload = { keyId: 3, ticketId: vector.payload.ticketId, ticketType: 70000, seat: 'Palco Ñ · '.repeat(6) };
    const decoded = decodeCode(encodeCode(payload, Buffer.alloc(64)))!;
    expect(decoded.payload.ticketType).toBe(70000);
    expect(Buffer.byteLength(decoded.payload.seat!, 'utf8')).toBeLessThanOrEqual(40);
    expect(payload.seat.startsWith(decoded.payload.seat!)).toBe(true);
  });

  it('is all QR alphanumeric characters, a version-8 symbol at error correction Q without a seat', () => {
    const qr = QRCode.create(vector.code, { errorCorrectionLevel: QR_ERROR_CORRECTION });
    expect(qr.segments.map((s) => s.mode.id)).toEqual(['Alphanumeric']);
    expect(qr.version).toBe(8);
  });

  it('base32: any bytes round-trip; a character outside the alphabet (lower case, padding, beyond ASCII) is null', () => {
    for (let length = 0; length < 90; length += 7) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 97 + length * 31) & 255);
      expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    }
    for (const text of [vector.code.toLowerCase(), `${vector.code}=`, `${vector.code.slice(0, -1)}1`, `${vector.code}Ñ`, `${vector.code}😀`]) expect(base32Decode(text)).toBeNull();
  });
});
