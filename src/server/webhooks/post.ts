import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { AppError } from '../http/app-error';
import { resolveTarget } from './target';

/** How long one POST may take, connection to last byte read. */
export const POST_TIMEOUT_MS = 10_000;
/** How much of an answer is read (and kept in the delivery log); the rest is not waited for. */
export const ANSWER_CAP_BYTES = 1024;

/** What one POST came to: the answer's status and first bytes, or why there was none. */
export interface PostOutcome {
  statusCode: number | null;
  error: string | null;
  answer: string | null;
  durationMs: number;
}

/**
 * POSTs a signed webhook body: the host resolved and checked once (`resolveTarget`: in production no internal
 * address) and the connection made to that address; redirects are not followed (a 3xx is an answer like any other
 * non-2xx); at most POST_TIMEOUT_MS; the answer read up to ANSWER_CAP_BYTES.
 */
export async function postWebhook(target: string, headers: Record<string, string>, body: string, production: boolean): Promise<PostOutcome> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const url = new URL(target);
  let resolved;
  try {
    resolved = await resolveTarget(url.hostname, production);
  } catch (error) {
    return { statusCode: null, error: error instanceof AppError ? `refused: ${error.code} (${error.mensajeIn('en')})` : String(error), answer: null, durationMs: took() };
  }
  // Every lookup of this connection answers the address checked above.
  const pinned = ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options.all) callback(null, [{ address: resolved.address, family: resolved.family }]);
    else callback(null, resolved.address, resolved.family);
  }) as unknown as LookupFunction;
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<PostOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<PostOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      req.destroy();
      resolve({ ...outcome, durationMs: took() });
    };
    const req = send(url, {
      method: 'POST',
      lookup: pinned,
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'checkout-webhooks/1' },
    }, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => finish({ statusCode: res.statusCode ?? null, error: null, answer: Buffer.concat(chunks).subarray(0, ANSWER_CAP_BYTES).toString('utf8') });
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= ANSWER_CAP_BYTES) done();
      });
      res.on('end', done);
      res.on('error', done);
    });
    const deadline = setTimeout(() => finish({ statusCode: null, error: `timed out after ${POST_TIMEOUT_MS / 1000} s`, answer: null }), POST_TIMEOUT_MS);
    req.on('error', (error) => finish({ statusCode: null, error: error.message.slice(0, 300), answer: null }));
    req.end(body);
  });
}
