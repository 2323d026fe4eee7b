import { base64UrlBytes, decodeCode, type CodePayload } from '../../shared/checkin/ticket-code';
import type { CodeVerifier } from './doorList';

/**
 * A verifier of signed ticket codes over the event's published keys (`{ key_id, public_key }`, raw Ed25519 in
 * base64url), with WebCrypto: each key is imported once, so a verdict costs one signature check.
 */
export function createCodeVerifier(keys: { key_id: number; public_key: string }[], subtle: SubtleCrypto = globalThis.crypto.subtle): CodeVerifier {
  const imported = new Map<number, Promise<CryptoKey | null>>();
  const keyOf = (keyId: number) => {
    let key = imported.get(keyId);
    if (!key) {
      const published = keys.find((k) => k.key_id === keyId);
      key = published
        ? subtle.importKey('raw', base64UrlBytes(published.public_key) as BufferSource, { name: 'Ed25519' }, false, ['verify']).catch(() => null)
        : Promise.resolve(null);
      imported.set(keyId, key);
    }
    return key;
  };
  return async (code: string): Promise<CodePayload | null> => {
    const decoded = decodeCode(code);
    if (!decoded) return null;
    const key = await keyOf(decoded.payload.keyId);
    if (!key) return null;
    const valid = await subtle.verify({ name: 'Ed25519' }, key, decoded.signature as BufferSource, decoded.signed as BufferSource).catch(() => false);
    return valid ? decoded.payload : null;
  };
}
