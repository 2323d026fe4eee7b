import { createHmac, createSign, createVerify } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { sameSecret } from './same-secret';

/**
 * The providers' webhook signature schemes, written once: the adapters verify with
 * these and the sandbox signs with them, so what the sandbox delivers is checked by
 * exactly the code that checks a real provider's deliveries.
 */

function hmacHex(secret: string, message: string): string {
  return createHmac('sha256', secret).update(message, 'utf8').digest('hex');
}

/** Constant-time comparison of two hex signatures. */
export const sameHex = sameSecret;

/** `a=1,b=2` → { a: '1', b: '2' } (MercadoPago x-signature, Fintoc-Signature). */
export function parseSignatureHeader(value: string | undefined): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const piece of (value ?? '').split(',')) {
    const at = piece.indexOf('=');
    if (at > 0) parts[piece.slice(0, at).trim()] = piece.slice(at + 1).trim();
  }
  return parts;
}

/**
 * MercadoPago's manifest: `id:{data.id};request-id:{x-request-id};ts:{ts};`, leaving out
 * any part the notification lacks; an alphanumeric data.id is lower-cased.
 */
export function mercadoPagoManifest(dataId: string | undefined, requestId: string | undefined, ts: string): string {
  let manifest = '';
  if (dataId) manifest += `id:${/^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId};`;
  if (requestId) manifest += `request-id:${requestId};`;
  manifest += `ts:${ts};`;
  return manifest;
}

/** The `x-signature` header MercadoPago sends: `ts={ts},v1={HMAC-SHA256(manifest)}`. */
export function signMercadoPago(secret: string, dataId: string | undefined, requestId: string, ts: string): string {
  return `ts=${ts},v1=${hmacHex(secret, mercadoPagoManifest(dataId, requestId, ts))}`;
}

/** Whether `x-signature` is MercadoPago's signature of this notification. */
export function verifyMercadoPago(secret: string, signature: string | undefined, dataId: string | undefined, requestId: string | undefined): { ok: boolean; ts?: string } {
  const parts = parseSignatureHeader(signature);
  if (!parts.ts || !parts.v1) return { ok: false };
  return { ok: sameHex(hmacHex(secret, mercadoPagoManifest(dataId, requestId, parts.ts)), parts.v1), ts: parts.ts };
}

/** The `Fintoc-Signature` header: `t={unix seconds},v1={HMAC-SHA256("{t}.{raw body}")}`. */
export function signFintoc(secret: string, rawBody: string, t: string): string {
  return `t=${t},v1=${hmacHex(secret, `${t}.${rawBody}`)}`;
}

/** Whether `Fintoc-Signature` signs exactly these body bytes. */
export function verifyFintoc(secret: string, signature: string | undefined, rawBody: string): { ok: boolean; t?: string } {
  const parts = parseSignatureHeader(signature);
  if (!parts.t || !parts.v1) return { ok: false };
  return { ok: sameHex(hmacHex(secret, `${parts.t}.${rawBody}`), parts.v1), t: parts.t };
}

/**
 * The `Stripe-Signature` header the sandbox sends: `t={unix seconds},v1={HMAC-SHA256("{t}.{raw body}")}`.
 * The adapter never verifies with this: it uses the `stripe` package's own constructEvent, so
 * the sandbox's deliveries prove the scheme against Stripe's code.
 */
export function signStripe(secret: string, rawBody: string, t: string): string {
  return `t=${t},v1=${hmacHex(secret, `${t}.${rawBody}`)}`;
}

/** What PayPal signs (SHA256withRSA): `{transmission id}|{transmission time}|{webhook id}|{CRC32 of the body, decimal}`. */
export function payPalSignedMessage(transmissionId: string, transmissionTime: string, webhookId: string, rawBody: string): string {
  return `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(Buffer.from(rawBody, 'utf8'))}`;
}

/** PayPal's PAYPAL-TRANSMISSION-SIG: base64 SHA256withRSA of the signed message. */
export function signPayPal(privateKeyPem: string, message: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKeyPem, 'base64');
}

/** Checks a PAYPAL-TRANSMISSION-SIG against the certificate's public key (what verify-webhook-signature does). */
export function verifyPayPal(publicKeyPem: string, message: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKeyPem, signature, 'base64');
  } catch {
    return false;
  }
}

/** Seconds (or milliseconds, as MercadoPago sometimes sends) since the epoch → milliseconds. */
export function timestampMs(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n)) return Number.NaN;
  return n > 1e12 ? n : n * 1000;
}

/**
 * How far ahead of our clock a signed timestamp may be: enough for ordinary clock drift between
 * the provider and us, far too little to pre-sign deliveries for a later replay window.
 */
export const WEBHOOK_FUTURE_SKEW_SECONDS = 30;

/**
 * Whether a signed timestamp is fresh: at most `toleranceSeconds` old (older deliveries are
 * replays) and at most WEBHOOK_FUTURE_SKEW_SECONDS ahead of now (a future one would stay
 * "fresh" past the tolerance window).
 */
export function fresh(timestamp: number, now: Date, toleranceSeconds: number): boolean {
  const age = now.getTime() - timestamp;
  return Number.isFinite(timestamp) && age <= toleranceSeconds * 1000 && age >= -WEBHOOK_FUTURE_SKEW_SECONDS * 1000;
}
