import { connect, constants, type ClientHttp2Session } from 'node:http2';
import type { AppleSigning } from './apple-signing';

/** How long one push may take (connect included) before it counts as failed. */
const PUSH_TIMEOUT_MS = 10_000;

/** APNs' verdict on one push: its status and, when refused, its `reason` (`BadDeviceToken`, `Unregistered`…). */
export interface PushResult { pushToken: string; status: number; reason?: string }

/**
 * Tells the phones holding a pass that it changed, through APNs as Apple documents it for Wallet passes:
 * HTTP/2 `POST {apnsUrl}/3/device/{push token}`, `apns-topic` the pass type id, an empty JSON payload,
 * and TLS client authentication with the Pass Type ID certificate that signs the passes (the phone then
 * asks our web service what changed). One connection for the whole batch. An `http://` URL is the
 * demo's stand-in (HTTP/2 without TLS).
 */
export async function pushPassUpdates(apnsUrl: string, signing: AppleSigning, pushTokens: readonly string[]): Promise<PushResult[]> {
  if (pushTokens.length === 0) return [];
  const { signerCert, signerKey, signerKeyPassphrase } = signing.certificates;
  const session = connect(apnsUrl, apnsUrl.startsWith('https:') ? { cert: signerCert, key: signerKey, passphrase: signerKeyPassphrase } : {});
  try {
    const failed = new Promise<never>((_, reject) => session.once('error', reject));
    failed.catch(() => undefined);
    return await Promise.all(pushTokens.map((pushToken) => Promise.race([pushOne(session, signing.passTypeId, pushToken), failed])));
  } finally {
    session.close();
  }
}

function pushOne(session: ClientHttp2Session, topic: string, pushToken: string): Promise<PushResult> {
  return new Promise((resolve, reject) => {
    const request = session.request({
      [constants.HTTP2_HEADER_METHOD]: 'POST',
      [constants.HTTP2_HEADER_PATH]: `/3/device/${encodeURIComponent(pushToken)}`,
      'apns-topic': topic,
      'content-type': 'application/json',
    });
    request.setTimeout(PUSH_TIMEOUT_MS, () => request.close(constants.NGHTTP2_CANCEL));
    let status = 0;
    let answer = '';
    request.setEncoding('utf8');
    request.on('response', (headers) => (status = Number(headers[constants.HTTP2_HEADER_STATUS])));
    request.on('data', (chunk: string) => (answer = (answer + chunk).slice(0, 4096)));
    request.on('end', () => resolve({ pushToken, status, ...(status !== 200 ? { reason: reasonOf(answer) } : {}) }));
    request.on('close', () => status === 0 && reject(new Error('APNs push cancelled or timed out')));
    request.on('error', reject);
    request.end('{}');
  });
}

function reasonOf(answer: string): string | undefined {
  try {
    const reason = (JSON.parse(answer) as { reason?: unknown }).reason;
    return typeof reason === 'string' ? reason : undefined;
  } catch {
    return undefined;
  }
}
