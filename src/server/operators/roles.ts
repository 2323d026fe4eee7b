import type { AdminPermission, OperatorRole } from '../../shared/api/admin-session';

/** Every permission an admin route may name (the automation token and owners have them all). */
export const ALL_PERMISSIONS: readonly AdminPermission[] = [
  'events.read', 'events.write', 'orders.read', 'orders.change', 'orders.refund', 'door', 'exports', 'webhooks', 'mail', 'operators',
];

/** The one table of what each role may do. Only owners manage operators and read the audit log. */
export const ROLE_PERMISSIONS: Record<OperatorRole, readonly AdminPermission[]> = {
  owner: ALL_PERMISSIONS,
  manager: ['events.read', 'events.write', 'orders.read', 'orders.change', 'orders.refund', 'exports', 'door', 'mail', 'webhooks'],
  box_office: ['events.read', 'orders.read', 'orders.change'],
  door: ['events.read', 'door'],
  viewer: ['events.read', 'orders.read'],
};

export const ROLES = Object.keys(ROLE_PERMISSIONS) as OperatorRole[];

/** Roles that must sign in with a TOTP second factor (they enrol on their first login). */
export const TOTP_REQUIRED_ROLES: readonly OperatorRole[] = ['owner', 'manager'];

export function isRole(value: string): value is OperatorRole {
  return (ROLES as string[]).includes(value);
}

export function roleAllows(role: string, permission: AdminPermission): boolean {
  return isRole(role) && ROLE_PERMISSIONS[role].includes(permission);
}

export function permissionsOf(role: string): AdminPermission[] {
  return isRole(role) ? [...ROLE_PERMISSIONS[role]] : [];
}
