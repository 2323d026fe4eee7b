import type { ReactElement } from 'react';
import type { AdminPermission } from '../../shared/api';
import { AuditPage } from './AuditPage';
import { EventEditorPage } from './events/EventEditorPage';
import { EventsPage } from './events/EventsPage';
import { AttendeesPage } from './orders/AttendeesPage';
import { OrderDetailPage } from './orders/OrderDetailPage';
import { OrdersPage } from './orders/OrdersPage';
import { DashboardPage } from './dashboard/DashboardPage';
import { MailPage } from './mail/MailPage';
import { WebhooksPage } from './webhooks/WebhooksPage';
import { OperatorsPage } from './OperatorsPage';
import { WaitingListPage } from './waiting-list/WaitingListPage';

/** One console page: its path under /admin, its nav label (a key of `nav` in the admin locale files), the permission that shows it. */
export interface AdminRoute {
  path: string;
  /** null: a page opened from another (one order, an event's editor), not in the nav. */
  label: string | null;
  permission: AdminPermission;
  element: ReactElement;
}

/**
 * The console's pages in nav order; a page is one line (items the role lacks are hidden). The nav's
 * labels are in the locale files (`nav`).
 */
export const ADMIN_ROUTES: AdminRoute[] = [
  { path: 'events', label: 'events', permission: 'events.read', element: <EventsPage /> },
  { path: 'events/:url', label: null, permission: 'events.read', element: <EventEditorPage /> },
  { path: 'orders', label: 'orders', permission: 'orders.read', element: <OrdersPage /> },
  { path: 'orders/:id', label: null, permission: 'orders.read', element: <OrderDetailPage /> },
  { path: 'attendees', label: 'attendees', permission: 'orders.read', element: <AttendeesPage /> },
  { path: 'dashboard', label: 'dashboard', permission: 'events.read', element: <DashboardPage /> },
  { path: 'waiting-lists', label: 'waitingList', permission: 'orders.read', element: <WaitingListPage /> },
  { path: 'webhooks', label: 'webhooks', permission: 'webhooks', element: <WebhooksPage /> },
  { path: 'mail', label: 'mail', permission: 'mail', element: <MailPage /> },
  { path: 'audit', label: 'audit', permission: 'operators', element: <AuditPage /> },
  { path: 'operators', label: 'operators', permission: 'operators', element: <OperatorsPage /> },
];
