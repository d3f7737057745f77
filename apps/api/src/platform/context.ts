import {
  crossCompanyPermissions,
  type PermissionSet,
  type Permission,
} from '@portal/contract/permissions';
import type { RoleKey } from '@portal/contract/roles';

/** Who is calling: built from the session, handed explicitly to every service function. */
export interface RequestContext {
  sessionId: number;
  companyId: number;
  userId: number;
  baseRole: RoleKey;
  accessLevel: number;
  permissions: PermissionSet;
}

/**
 * What a route needs: `public` (no session), `authenticated` (any session), or a permission flag.
 * Every API route declares one; the app refuses to start with a route that does not.
 */
export type Access = 'public' | 'authenticated' | Permission;

export const isSuperAdmin = (ctx: RequestContext) => ctx.baseRole === 'super_admin';

/** Cross-company permissions (contract `crossCompanyPermissions`) count for the super admin only. */
export const hasPermission = (ctx: RequestContext, permission: Permission) =>
  isSuperAdmin(ctx) ||
  (ctx.permissions[permission] === true &&
    !(crossCompanyPermissions as readonly Permission[]).includes(permission));

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    ctx: RequestContext | null;
  }
}
