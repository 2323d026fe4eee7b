import type { SandboxRuntime } from '../runtime';

/**
 * Delivers a sandbox webhook the way a provider does: an HTTP POST to this server's
 * own /api/webhooks/{provider}, signed with the provider's scheme, so the production
 * verification code checks it. A failed delivery is logged; loaders still settle the payment.
 */
export async function deliverWebhook(
  rt: SandboxRuntime,
  provider: string,
  delivery: { query?: string; headers: Record<string, string>; body: string },
): Promise<number | undefined> {
  const url = `${rt.serverUrl()}/api/webhooks/${provider}${delivery.query ? `?${delivery.query}` : ''}`;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...delivery.headers },
      body: delivery.body,
      signal: AbortSignal.timeout(15_000),
    });
    await response.arrayBuffer();
    if (response.status >= 300) rt.log.warn({ provider, status: response.status }, 'sandbox webhook not accepted');
    return response.status;
  } catch (error) {
    rt.log.error({ err: error, provider }, 'sandbox webhook delivery failed');
    return undefined;
  }
}
