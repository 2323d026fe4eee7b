import { createCipheriv, createDecipheriv, createPrivateKey, createPublicKey, generateKeyPairSync, hkdfSync, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { insertCheckinKey, listCheckinKeys, newestCheckinKey } from '../repositories/checkin-key.repository';
import { decodeCode, encodeCode, payloadBytes, type CodePayload } from './code-format';

/**
 * Each event's Ed25519 key pairs. The private key is kept sealed: AES-256-GCM under a key derived
 * from SIGNING_SECRET with HKDF-SHA-256 (salt "checkin-keys", info "event <id> key <key id>"), the
 * event and key id bound as additional data, so a row copied to another event does not open.
 * A database dump alone signs nothing; changing SIGNING_SECRET makes the keys unusable for signing
 * (rotate: `rotateEventKey` makes a new pair, the old public keys stay published).
 */
const SALT = Buffer.from('checkin-keys');

function sealingKey(secret: string, eventId: number, keyId: number): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, SALT, `event ${eventId} key ${keyId}`, 32));
}

function seal(secret: string, eventId: number, keyId: number, plain: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(secret, eventId, keyId), iv);
  cipher.setAAD(Buffer.from(`${eventId}:${keyId}`));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

function unseal(secret: string, eventId: number, keyId: number, sealed: string): Buffer {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(secret, eventId, keyId), bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(`${eventId}:${keyId}`));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
}

/** Unsealed private keys, by their sealed text (a hash of what they open, never a row id). */
const privateKeys = new Map<string, KeyObject>();
const publicKeys = new Map<string, KeyObject>();

function publicKeyObject(raw: string): KeyObject {
  let key = publicKeys.get(raw);
  if (!key) {
    key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw }, format: 'jwk' });
    publicKeys.set(raw, key);
  }
  return key;
}

/** Makes and stores key `keyId` of an event (a concurrent maker of the same id wins; nothing is written twice). */
async function makeKey(db: Kysely<Database>, secret: string, eventId: number, keyId: number, now: string): Promise<void> {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'jwk' }).x!;
  const sealed = seal(secret, eventId, keyId, privateKey.export({ format: 'der', type: 'pkcs8' }));
  await insertCheckinKey(db, { event_id: eventId, key_id: keyId, public_key: raw, private_key_sealed: sealed, created_at: now });
}

/** A new key pair for the event; new codes are signed with it, codes of the older keys still verify. */
export async function rotateEventKey(db: Kysely<Database>, secret: string, eventId: number, now: string): Promise<number> {
  const keyId = ((await newestCheckinKey(db, eventId))?.key_id ?? 0) + 1;
  if (keyId > 255) throw new Error('an event has at most 255 check-in keys');
  await makeKey(db, secret, eventId, keyId, now);
  return keyId;
}

/** Signs ticket codes with the event's newest key (made on first need): one key read for all the tickets of an emission. */
export async function ticketSigner(db: Kysely<Database>, secret: string, eventId: number, now: string): Promise<(ticket: Omit<CodePayload, 'keyId'>) => string> {
  let row = await newestCheckinKey(db, eventId);
  if (!row) {
    await makeKey(db, secret, eventId, 1, now);
    row = (await newestCheckinKey(db, eventId))!;
  }
  const { key_id: keyId, private_key_sealed: sealed } = row;
  let key = privateKeys.get(sealed);
  if (!key) {
    key = createPrivateKey({ key: unseal(secret, eventId, keyId, sealed), format: 'der', type: 'pkcs8' });
    privateKeys.set(sealed, key);
  }
  const signing = key;
  return (ticket) => {
    const payload = { ...ticket, keyId };
    return encodeCode(payload, sign(null, payloadBytes(payload), signing));
  };
}

/** The event's public keys as scanners get them: `{ key_id, public_key }` (raw 32 bytes, base64url). */
export async function publishedKeys(db: Kysely<Database>, eventId: number): Promise<{ key_id: number; public_key: string }[]> {
  return (await listCheckinKeys(db, eventId)).map((k) => ({ key_id: k.key_id, public_key: k.public_key }));
}

/** The payload of a code whose signature one of `keys` verifies; null for anything else (not a signed code, unknown key, forged). */
export function verifiedPayload(code: string, keys: { key_id: number; public_key: string }[]): CodePayload | null {
  const decoded = decodeCode(code);
  if (!decoded) return null;
  const key = keys.find((k) => k.key_id === decoded.payload.keyId);
  if (!key) return null;
  return verify(null, decoded.signed, publicKeyObject(key.public_key), decoded.signature) ? decoded.payload : null;
}
