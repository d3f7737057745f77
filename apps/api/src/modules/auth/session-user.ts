import { authMessages, type SessionUser } from '@portal/contract/auth';
import {
  DEFAULT_THEME_COLOR,
  DEFAULT_TIMEOUT_LIMIT_MINUTES,
  DEFAULT_TIMEZONE,
} from '@portal/contract/constants';
import { isPermission, type PermissionSet } from '@portal/contract/permissions';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/database.ts';
import { preparedQuery } from '../../platform/prepared.ts';
import { grantedFlagsOf, rolesToJoin } from '../access/api.ts';
import { homeScreenTitleOf, loadSidebarTree } from '../navigation/api.ts';
import { companiesToJoin, storesToJoin } from '../organisation/api.ts';
import { accountById } from '../users/api.ts';
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

/**
 * One statement: the person (placeholders `company` and `user`) with their identity, role, the
 * flags it grants, company, its home screen and current store (with the store's district and
 * region), each module's rows as a subquery to join or an expression.
 */
const signedInUserRow = preparedQuery('signed_in_user', (db) => {
  const company = sql.placeholder('company');
  const accountRows = accountById(db, company, sql.placeholder('user'));
  const roleRows = rolesToJoin(db, company);
  const companyRows = companiesToJoin(db, company);
  const storeRows = storesToJoin(db);
  return db
    .select({
      user: {
        id: accountRows.id,
        uuid: accountRows.uuid,
        auth_uuid: accountRows.auth_uuid,
        email: accountRows.email,
        first_name: accountRows.first_name,
        last_name: accountRows.last_name,
        company_id: accountRows.company_id,
        role_id: accountRows.role_id,
        access_level: accountRows.access_level,
        current_store: accountRows.current_store,
        profile_photo: accountRows.profile_photo,
        job_order_type: accountRows.job_order_type,
        business_type: accountRows.business_type,
        dealer_id: accountRows.dealer_id,
        vendor_id: accountRows.vendor_id,
        is_active: accountRows.is_active,
        is_locked: accountRows.is_locked,
        is_deleted: accountRows.is_deleted,
        is_b2b: accountRows.is_b2b,
      },
      role: {
        base_role: roleRows.base_role,
        is_active: roleRows.is_active,
        is_b2b: roleRows.is_b2b,
      },
      company: {
        logo_url: companyRows.logo_url,
        theme_color: companyRows.theme_color,
        timezone: companyRows.timezone,
        timeout_limit: companyRows.timeout_limit,
        two_factor_required: companyRows.two_factor_required,
        is_active: companyRows.is_active,
      },
      store: {
        id: storeRows.id,
        unique_id: storeRows.unique_id,
        name: storeRows.name,
        time_zone: storeRows.time_zone,
        is_b2b: storeRows.is_b2b,
      },
      districtB2B: storeRows.district_is_b2b,
      regionB2B: storeRows.region_is_b2b,
      granted: grantedFlagsOf(accountRows.company_id, accountRows.role_id),
      homeTitle: homeScreenTitleOf(db, accountRows.company_id),
    })
    .from(accountRows)
    .innerJoin(roleRows, tenantJoin(roleRows, accountRows.company_id, accountRows.role_id))
    .innerJoin(companyRows, tenantScope(accountRows, companyRows.id))
    .leftJoin(storeRows, tenantJoin(storeRows, accountRows.company_id, accountRows.current_store));
});

/** Everything the login response tells about a user: their row, then the menu they may see. */
export async function loadSignedInUser(
  db: Executor,
  companyId: number,
  userId: number,
): Promise<SignedInUser | null> {
  const [found] = await signedInUserRow(db).execute({ company: companyId, user: userId });
  if (!found) return null;

  const permissions: PermissionSet = {};
  for (const flag of found.granted ?? []) if (isPermission(flag)) permissions[flag] = true;

  const { user, role, company, store, districtB2B, regionB2B, homeTitle } = found;
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
      auth_uuid: user.auth_uuid,
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
    homeScreen: homeTitle,
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
