import type { ReactElement } from 'react';
import type { AdminPermission } from '../../shared/api';
import { AuditPage } from './AuditPage';
import { DashboardPage } from './dashboard/DashboardPage';
import { MailPage } from './mail/MailPage';
import { WebhooksPage } from './webhooks/WebhooksPage';
import { OperatorsPage } from './OperatorsPage';

/** One console page: its path under /admin, its nav label (a key of `nav` in the admin locale files), the permission that shows it. */
export interface AdminRoute {
  path: string;
  label: string;
  permission: AdminPermission;
  element: ReactElement;
}

/**
 * The console's pages in nav order; a page is one line (items the role lacks are hidden). The nav's
 * labels for the sections to come are in the locales already: events (events.read), orders
 * (orders.read), attendees (exports), dashboard (events.read), webhooks (webhooks), mail (mail).
 */
export const ADMIN_ROUTES: AdminRoute[] = [
  { path: 'dashboard', label: 'dashboard', permission: 'events.read', element: <DashboardPage /> },
  { path: 'webhooks', label: 'webhooks', permission: 'webhooks', element: <WebhooksPage /> },
  { path: 'mail', label: 'mail', permission: 'mail', element: <MailPage /> },
  { path: 'audit', label: 'audit', permission: 'operators', element: <AuditPage /> },
  { path: 'operators', label: 'operators', permission: 'operators', element: <OperatorsPage /> },
];
