import { and, asc, eq, sql } from 'drizzle-orm';
import { authMessages, type SessionUser } from '@portal/contract/auth';
import {
  DEFAULT_THEME_COLOR,
  DEFAULT_TIMEOUT_LIMIT_MINUTES,
  DEFAULT_TIMEZONE,
} from '@portal/contract/constants';
import { isPermission, type PermissionSet } from '@portal/contract/permissions';
import type { Executor } from '../../platform/database.ts';
import { permissionGroups, rolePermissionGroups, roles } from '../access/schema.ts';
import { loadSidebarTree } from '../navigation/api.ts';
import { requiredFields } from '../navigation/schema.ts';
import { companies, districts, regions, stores } from '../organisation/schema.ts';
import { userIdentities, users } from '../users/schema.ts';
import { tenantJoin, tenantScope } from '../../db/columns.ts';

export interface SignedInUser {
  user: SessionUser;
  company: {
    theme_color: string;
    timezone: string;
    timeout_limit: number;
    two_factor_required: boolean;
  };
  homeScreen: string | null;
  isB2BUser: boolean;
  /** Why this user may not sign in (locked, or disabled: user, role or company), or null. */
  refusal: string | null;
}

/** Everything the login response tells about a user, read in a few queries. */
export async function loadSignedInUser(
  db: Executor,
  companyId: number,
  userId: number,
): Promise<SignedInUser | null> {
  const [found] = await db
    .select({
      user: users,
      role: roles,
      company: companies,
      store: stores,
      identity: userIdentities,
      districtB2B: districts.is_b2b,
      regionB2B: regions.is_b2b,
    })
    .from(users)
    .innerJoin(roles, tenantJoin(roles, users.company_id, users.role_id))
    .innerJoin(companies, tenantScope(users, companies.id))
    .innerJoin(
      userIdentities,
      and(tenantScope(userIdentities, users.company_id), eq(userIdentities.user_id, users.id)),
    )
    .leftJoin(stores, tenantJoin(stores, users.company_id, users.current_store))
    .leftJoin(districts, tenantJoin(districts, users.company_id, stores.district_id))
    .leftJoin(regions, tenantJoin(regions, users.company_id, districts.region_id))
    .where(and(tenantScope(users, companyId), eq(users.id, userId)));
  if (!found) return null;

  const [[granted], [home]] = await Promise.all([
    db
      .select({ flags: sql<string[] | null>`array_agg(distinct p)` })
      .from(rolePermissionGroups)
      .innerJoin(
        permissionGroups,
        and(
          tenantScope(permissionGroups, rolePermissionGroups.company_id),
          eq(permissionGroups.id, rolePermissionGroups.permission_group_id),
          eq(permissionGroups.is_active, true),
        ),
      )
      .innerJoin(sql`lateral unnest(${permissionGroups.permissions}) as p`, sql`true`)
      .where(
        and(
          tenantScope(rolePermissionGroups, companyId),
          eq(rolePermissionGroups.role_id, found.user.role_id),
        ),
      ),
    db
      .select({ title: requiredFields.title })
      .from(requiredFields)
      .where(and(tenantScope(requiredFields, companyId), eq(requiredFields.type, 'Home Screen')))
      .orderBy(asc(requiredFields.order), asc(requiredFields.id))
      .limit(1),
  ]);
  const permissions: PermissionSet = {};
  for (const flag of granted?.flags ?? []) if (isPermission(flag)) permissions[flag] = true;

  const { user, role, company, store, identity, districtB2B, regionB2B } = found;
  const sidebarItems = await loadSidebarTree(
    db,
    companyId,
    permissions,
    role.base_role === 'super_admin',
  );
  return {
    user: {
      id: user.id,
      uuid: user.uuid,
      auth_uuid: identity.auth_uuid,
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      company_id: user.company_id,
      role: role.base_role,
      access_level: user.access_level,
      current_store: user.current_store,
      profile_photo: user.profile_photo,
      store: store ? { id: store.id, unique_id: store.unique_id, name: store.name } : null,
      logo_url: company.logo_url,
      job_order_type: user.job_order_type,
      business_type: user.business_type,
      permissions,
      sidebarItems,
      dealer_id: user.dealer_id,
      vendor_id: user.vendor_id,
    },
    company: {
      theme_color: company.theme_color || DEFAULT_THEME_COLOR,
      timezone: store?.time_zone ?? (company.timezone || DEFAULT_TIMEZONE),
      timeout_limit: company.timeout_limit || DEFAULT_TIMEOUT_LIMIT_MINUTES,
      two_factor_required: company.two_factor_required,
    },
    homeScreen: home?.title ?? null,
    // B2B when the user, their role or their place (current store, its district or region) is.
    isB2BUser:
      user.is_b2b ||
      role.is_b2b ||
      Boolean(store?.is_b2b) ||
      Boolean(districtB2B) ||
      Boolean(regionB2B),
    refusal: !(user.is_active && !user.is_deleted && role.is_active && company.is_active)
      ? authMessages.accountDisabled
      : user.is_locked
        ? authMessages.accountLocked
        : null,
  };
}
