import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '../../src/server/operators/roles';
import type { AdminPermission } from '../../src/shared/api/admin-session';
import { body, createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase } from '../support/test-database';
import { operatorWithPassword, signIn, signInWithTotp, type Signed } from './operator-helpers';

/**
 * Every admin route with the permission it needs. The test below checks this list against the
 * routes the app really has (so a new admin route must be added here), then that a caller without a
 * session gets 401 and a viewer 403 wherever the permission is not a viewer's.
 */
const ROUTES: { method: string; url: string; permission: AdminPermission }[] = [
  { method: 'PUT', url: '/api/admin/events/demo', permission: 'events.write' },
  { method: 'GET', url: '/api/admin/outbox/failed', permission: 'mail' },
  { method: 'POST', url: '/api/admin/outbox/x/retry', permission: 'mail' },
  { method: 'POST', url: '/api/admin/events/demo/checkin-devices', permission: 'door' },
  { method: 'DELETE', url: '/api/admin/events/demo/checkin-devices/x', permission: 'door' },
  { method: 'GET', url: '/api/admin/events/demo/checkin', permission: 'door' },
  { method: 'POST', url: '/api/admin/preview', permission: 'events.read' },
  { method: 'GET', url: '/api/admin/preview/file', permission: 'events.read' },
  { method: 'POST', url: '/api/admin/purchases/x/cancel', permission: 'orders.change' },
  { method: 'POST', url: '/api/admin/payouts/x/confirm', permission: 'orders.refund' },
  { method: 'GET', url: '/api/admin/operators', permission: 'operators' },
  { method: 'POST', url: '/api/admin/operators', permission: 'operators' },
  { method: 'PATCH', url: '/api/admin/operators/x', permission: 'operators' },
  { method: 'GET', url: '/api/admin/audit', permission: 'operators' },
];
/** Admin routes open to anyone (the login and the one-time link) or to any signed-in session, and the preview's module by hash. */
const NOT_PERMISSION_ROUTES = ['/api/admin/session', '/api/admin/session/totp', '/api/admin/session/everywhere', '/api/admin/password', '/api/admin/preview/modules/:id.js'];

/** The app's admin routes as `METHOD /pattern`, read from Fastify's route tree (`printRoutes`, one node a line, children indented by 4). */
function adminRoutesOf(t: TestApp): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    stack.push(match[2]);
    const path = stack.join('');
    if (!path.startsWith('/api/admin') || !match[3]) continue;
    for (const method of match[3].split(', ')) if (method !== 'HEAD') found.push(`${method} ${path}`);
  }
  return found;
}

describe.skipIf(skipDatabase)('every admin route checks the role', () => {
  let t: TestApp;
  let viewer: Signed;
  let owner: Signed;
  beforeAll(async () => {
    t = await createTestApp({ adminToken: undefined, rateLimitAdminMax: 100000 });
    await operatorWithPassword(t, 'vista@example.mx', 'viewer');
    await operatorWithPassword(t, 'duena@example.mx', 'owner');
    viewer = await signIn(t, 'vista@example.mx');
    owner = await signInWithTotp(t, 'duena@example.mx');
  });
  afterAll(() => t.close());

  it('lists every admin route the app has (a new one must name its permission here)', () => {
    const pattern = (url: string) => url.replace(/\/demo(?=\/|$)/, '/:url').replace(/\/x(?=\/|$)/g, (_m, offset: number, s: string) => (s.slice(0, offset).endsWith('checkin-devices') ? '/:deviceId' : s.includes('/outbox/') ? '/:id' : s.includes('/purchases/') ? '/:purchaseId' : s.includes('/payouts/') ? '/:payoutId' : '/:id'));
    const listed = ROUTES.map((r) => `${r.method} ${pattern(r.url)}`);
    const others = adminRoutesOf(t).filter((r) => !NOT_PERMISSION_ROUTES.includes(r.split(' ')[1]));
    expect(others.length).toBeGreaterThan(10);
    expect([...new Set(others)].sort()).toEqual([...new Set(listed)].sort());
  });

  it.each(ROUTES)('$method $url: 401 without a session, 403 for a viewer unless it is a viewer\'s, in for the owner', async ({ method, url, permission }) => {
    const send = (headers: Record<string, string>) => t.app.inject({ method: method as 'GET', url, headers, ...(method !== 'GET' && method !== 'DELETE' && { payload: {} }) });
    const anonymous = await send({});
    expect(anonymous.statusCode).toBe(401);
    const asViewer = await send({ cookie: viewer.cookie, 'x-csrf-token': viewer.csrf });
    if (ROLE_PERMISSIONS.viewer.includes(permission)) expect(asViewer.statusCode).not.toBe(403);
    else {
      expect(asViewer.statusCode).toBe(403);
      expect(body(asViewer).code).toBe('ADMIN_FORBIDDEN');
    }
    const asOwner = await send({ cookie: owner.cookie, 'x-csrf-token': owner.csrf });
    expect([401, 403]).not.toContain(asOwner.statusCode);
  });
});
