import { describe, expect, it } from 'vitest';
import { createStorefront } from '../../../src/client/createStorefront';
import type { Notification } from '../../../src/client/stores/ports';
import { memoryStorage } from '../../../src/client/stores/ports';

/** A fetch that records each call's headers and answers `status` with an empty JSON object. */
function recordingFetch(status = 200) {
  const headers: Record<string, string>[] = [];
  const fetchImpl = (async (_url: string, init: RequestInit) => {
    headers.push({ ...(init.headers as Record<string, string>) });
    return new Response('{}', { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { fetchImpl, headers };
}

function storefront(status = 200) {
  const { fetchImpl, headers } = recordingFetch(status);
  const notifications: Notification[] = [];
  const root = createStorefront({ fetchImpl, localStorage: memoryStorage(), sessionStorage: memoryStorage(), notifier: (n) => notifications.push(n) });
  return { root, headers, notifications };
}

describe('createStorefront', () => {
  it('asks the server in the language of the language switch, not the browser\'s', async () => {
    const { root, headers } = storefront();
    await root.api.getConfig();
    root.ui.setLanguage('en');
    await root.api.getEvent('demo');
    await root.api.updateProducts('p-1', []);
    expect(headers.map((sent) => sent['accept-language'])).toEqual(['es', 'en', 'en']);
  });

  it('reports a 429 through the root\'s toasts', async () => {
    const { root, notifications } = storefront(429);
    await expect(root.api.getConfig()).rejects.toMatchObject({ status: 429 });
    expect(notifications).toEqual([{ variant: 'warning', messageKey: 'errors:tooManyRequests' }]);
  });
});
