/**
 * Who may do what in the back office (issue 43): pure, table-tested (server/tests/admin-roles.test.ts). The owner may
 * do everything; a staff member the shop's daily work (orders, stock, reviews). Every admin route names the permission
 * it needs and the server checks it on every call (routes.ts `need`), whatever the screens show.
 */
import { STAFF_ROLES, type StaffRole, type AdminPermission, ADMIN_PERMISSIONS } from '../../../../contract/admin.ts';

export { STAFF_ROLES, ADMIN_PERMISSIONS };
export type { StaffRole, AdminPermission };

/** The roles that hold each permission. */
const HOLDERS: Record<AdminPermission, readonly StaffRole[]> = {
  'orders.read': ['owner', 'staff'],
  'orders.move': ['owner', 'staff'],
  'orders.refund': ['owner', 'staff'],
  'stock.edit': ['owner', 'staff'],
  'reviews.decide': ['owner', 'staff'],
  'staff.manage': ['owner'],
  'activity.read': ['owner'],
  'settings.edit': ['owner'],
  'totp.manage': ['owner'],
  'promotions.edit': ['owner'],
  'blog.edit': ['owner'],
  'attention.handle': ['owner'],
  'catalog.edit': ['owner'],
};

export const isStaffRole = (r: string): r is StaffRole => (STAFF_ROLES as readonly string[]).includes(r);

export function can(role: StaffRole, permission: AdminPermission): boolean {
  return HOLDERS[permission].includes(role);
}

/** Every permission of a role, in the contract's order (the screens hide what the server would refuse). */
export function permissionsOf(role: StaffRole): AdminPermission[] {
  return ADMIN_PERMISSIONS.filter((p) => can(role, p));
}

/** Consecutive wrong passwords that lock a staff account, and for how long (service.ts signIn). */
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MINUTES = 15;
