import type { ReactElement } from 'react';
import type { AdminPermission } from '../../shared/api';
import { AuditPage } from './AuditPage';
import { AttendeesPage } from './orders/AttendeesPage';
import { OrderDetailPage } from './orders/OrderDetailPage';
import { OrdersPage } from './orders/OrdersPage';
import { OperatorsPage } from './OperatorsPage';

/** One console page: its path under /admin, its nav label (a key of `nav` in the admin locale files), the permission that shows it. */
export interface AdminRoute {
  path: string;
  /** null: a page opened from another (one order), not in the nav. */
  label: string | null;
  permission: AdminPermission;
  element: ReactElement;
}

/**
 * The console's pages in nav order; a page is one line (items the role lacks are hidden). The nav's
 * labels for the sections to come are in the locales already: events (events.read), dashboard
 * (events.read), webhooks (webhooks), mail (mail).
 */
export const ADMIN_ROUTES: AdminRoute[] = [
  { path: 'orders', label: 'orders', permission: 'orders.read', element: <OrdersPage /> },
  { path: 'orders/:id', label: null, permission: 'orders.read', element: <OrderDetailPage /> },
  { path: 'attendees', label: 'attendees', permission: 'orders.read', element: <AttendeesPage /> },
  { path: 'audit', label: 'audit', permission: 'operators', element: <AuditPage /> },
  { path: 'operators', label: 'operators', permission: 'operators', element: <OperatorsPage /> },
];
