import { ProviderError } from './provider';

export interface JsonResponse<T> {
  status: number;
  body: T;
}

/**
 * One JSON call to a provider's REST API with a timeout. Non-2xx answers throw a
 * ProviderError carrying the status and body, so adapters can react to the ones they
 * know (PayPal's ORDER_ALREADY_CAPTURED…) and let the rest surface as 502.
 */
export async function requestJson<T>(
  provider: string,
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string; timeoutMs?: number },
): Promise<JsonResponse<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: { accept: 'application/json', ...init.headers },
      body: init.body,
      signal: AbortSignal.timeout(init.timeoutMs ?? 15_000),
    });
  } catch (error) {
    throw new ProviderError(provider, `${init.method} ${new URL(url).pathname} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      throw new ProviderError(provider, `${init.method} ${new URL(url).pathname} answered ${response.status} with non-JSON`, response.status, text.slice(0, 200));
    }
  }
  if (response.status < 200 || response.status >= 300) {
    throw new ProviderError(provider, `${init.method} ${new URL(url).pathname} answered ${response.status}`, response.status, body);
  }
  return { status: response.status, body: body as T };
}

/** Joins a base URL and a path without doubling or losing the slash. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
