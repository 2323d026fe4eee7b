import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '../../src/server/operators/roles';
import type { AdminPermission } from '../../src/shared/api/admin-session';
import { body, createTestApp, type TestApp } from '../support/test-app';
import { skipDatabase } from '../support/test-database';
import { adminRoutesOf, operatorWithPassword, signIn, signInWithTotp, type Signed } from './operator-helpers';

/**
 * Every admin route with the permission it needs. The test below checks this list against the
 * routes the app really has (so a new admin route must be added here), then that a caller without a
 * session gets 401 and a viewer 403 wherever the permission is not a viewer's.
 */
const ROUTES: { method: string; route: string; permission: AdminPermission; url?: string }[] = [
  { method: 'PUT', route: '/api/admin/events/:url', permission: 'events.write' },
  { method: 'GET', route: '/api/admin/events', permission: 'events.read' },
  { method: 'POST', route: '/api/admin/events', permission: 'events.write' },
  { method: 'GET', route: '/api/admin/event-schema', permission: 'events.read' },
  { method: 'GET', route: '/api/admin/events/:url/file', permission: 'events.read' },
  { method: 'GET', route: '/api/admin/events/:url/versions', permission: 'events.read' },
  { method: 'GET', route: '/api/admin/events/:url/versions/:version', permission: 'events.read', url: '/api/admin/events/demo/versions/1' },
  { method: 'GET', route: '/api/admin/events/:url/diff', permission: 'events.read' },
  { method: 'POST', route: '/api/admin/events/:url/rollback', permission: 'events.write' },
  { method: 'PUT', route: '/api/admin/events/:url/waiting-room', permission: 'events.write' },
  { method: 'GET', route: '/api/admin/events/:url/dashboard', permission: 'events.read' },
  // An unknown event: the owner gets 404 before the stream opens (an open stream would never end here).
  { method: 'GET', route: '/api/admin/events/:url/dashboard/stream', permission: 'events.read', url: '/api/admin/events/no-such-event/dashboard/stream' },
  { method: 'GET', route: '/api/admin/events/:url/attendees', permission: 'orders.read' },
  { method: 'GET', route: '/api/admin/events/:url/waiting-list', permission: 'orders.read' },
  { method: 'GET', route: '/api/admin/events/:url/attendees.csv', permission: 'exports' },
  { method: 'GET', route: '/api/admin/events/:url/attendees.xlsx', permission: 'exports' },
  { method: 'GET', route: '/api/admin/outbox/failed', permission: 'mail' },
  { method: 'POST', route: '/api/admin/outbox/:id/retry', permission: 'mail' },
  { method: 'POST', route: '/api/admin/events/:url/checkin-devices', permission: 'door' },
  { method: 'DELETE', route: '/api/admin/events/:url/checkin-devices/:deviceId', permission: 'door' },
  { method: 'GET', route: '/api/admin/events/:url/checkin', permission: 'door' },
  { method: 'POST', route: '/api/admin/preview', permission: 'events.read' },
  { method: 'GET', route: '/api/admin/preview/file', permission: 'events.read' },
  { method: 'POST', route: '/api/admin/purchases/:purchaseId/cancel', permission: 'orders.change' },
  { method: 'POST', route: '/api/admin/payouts/:payoutId/confirm', permission: 'orders.refund' },
  { method: 'GET', route: '/api/admin/orders', permission: 'orders.read' },
  { method: 'GET', route: '/api/admin/orders/:purchaseId', permission: 'orders.read' },
  { method: 'POST', route: '/api/admin/orders/:purchaseId/resend', permission: 'orders.change' },
  { method: 'PUT', route: '/api/admin/orders/:purchaseId/tickets/:ticketId/answers', permission: 'orders.change' },
  { method: 'POST', route: '/api/admin/orders/:purchaseId/cancel', permission: 'orders.change' },
  { method: 'GET', route: '/api/admin/webhooks/endpoints', permission: 'webhooks' },
  { method: 'POST', route: '/api/admin/webhooks/endpoints', permission: 'webhooks' },
  { method: 'PATCH', route: '/api/admin/webhooks/endpoints/:id', permission: 'webhooks' },
  { method: 'DELETE', route: '/api/admin/webhooks/endpoints/:id', permission: 'webhooks' },
  { method: 'POST', route: '/api/admin/webhooks/endpoints/:id/rotate-secret', permission: 'webhooks' },
  { method: 'GET', route: '/api/admin/webhooks/endpoints/:id/deliveries', permission: 'webhooks' },
  { method: 'POST', route: '/api/admin/webhooks/endpoints/:id/deliveries/:delivery/resend', permission: 'webhooks' },
  { method: 'POST', route: '/api/admin/webhooks/endpoints/:id/test', permission: 'webhooks' },
  { method: 'GET', route: '/api/admin/operators', permission: 'operators' },
  { method: 'POST', route: '/api/admin/operators', permission: 'operators' },
  { method: 'PATCH', route: '/api/admin/operators/:id', permission: 'operators' },
  { method: 'GET', route: '/api/admin/audit', permission: 'operators' },
];
/** The url a route is called at: the demo event for `:url`, `x` for any other parameter. */
const urlOf = (r: (typeof ROUTES)[number]) => r.url ?? r.route.replace(':url', 'demo').replace(/:[a-zA-Z]+/g, 'x');
/** Admin routes open to anyone (the login and the one-time link) or to any signed-in session, and the preview's module by hash. */
const NOT_PERMISSION_ROUTES = ['/api/admin/session', '/api/admin/session/totp', '/api/admin/session/everywhere', '/api/admin/password', '/api/admin/preview/modules/:id.js'];

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
    const listed = ROUTES.map((r) => `${r.method} ${r.route}`);
    const others = adminRoutesOf(t).filter((r) => !NOT_PERMISSION_ROUTES.includes(r.split(' ')[1]));
    expect(others.length).toBeGreaterThan(10);
    expect([...new Set(others)].sort()).toEqual([...new Set(listed)].sort());
  });

  it.each(ROUTES)('$method $route: 401 without a session, 403 for a viewer unless it is a viewer\'s, in for the owner', async (route) => {
    const { method, permission } = route;
    const url = urlOf(route);
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
