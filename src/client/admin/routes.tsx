import type { ReactElement } from 'react';
import type { AdminPermission } from '../../shared/api';
import { AuditPage } from './AuditPage';
import { EventEditorPage } from './events/EventEditorPage';
import { EventsPage } from './events/EventsPage';
import { OperatorsPage } from './OperatorsPage';

/** One console page: its path under /admin, its nav label (a key of `nav` in the admin locale files), the permission that shows it. */
export interface AdminRoute {
  path: string;
  label: string;
  permission: AdminPermission;
  element: ReactElement;
  /** A page opened from another (an event's editor from Events): not in the nav. */
  inNav?: false;
}

/**
 * The console's pages in nav order; a page is one line (items the role lacks are hidden). The nav's
 * labels for the sections to come are in the locales already: orders
 * (orders.read), attendees (exports), dashboard (events.read), webhooks (webhooks), mail (mail).
 */
export const ADMIN_ROUTES: AdminRoute[] = [
  { path: 'events', label: 'events', permission: 'events.read', element: <EventsPage /> },
  { path: 'events/:url', label: 'events', permission: 'events.read', element: <EventEditorPage />, inNav: false },
  { path: 'audit', label: 'audit', permission: 'operators', element: <AuditPage /> },
  { path: 'operators', label: 'operators', permission: 'operators', element: <OperatorsPage /> },
];
