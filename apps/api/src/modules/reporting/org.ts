import type { OrgChart } from '@portal/contract/reporting';
import type { RequestContext } from '../../platform/context.ts';
import type { Executor } from '../../platform/database.ts';
import { supervisorsOf } from '../hr/api.ts';
import { scopeOptions } from '../oneview/api.ts';
import { companyNameOf } from '../organisation/api.ts';
import { companyRolesAndStores, directory } from '../users/api.ts';

/**
 * /organization-chart: the regions, districts and stores the caller may see (the scope rule of
 * OneView) and the people working there, each with their supervisor.
 */
export async function organisationChart(db: Executor, ctx: RequestContext): Promise<OrgChart> {
  const [company, options, { roles }, supervisors] = await Promise.all([
    companyNameOf(db, ctx.companyId),
    scopeOptions(db, ctx),
    companyRolesAndStores(db, ctx),
    supervisorsOf(db, ctx.companyId),
  ]);
  const everyone = await directory(db, ctx.companyId);
  const nameById = new Map(everyone.map((p) => [p.id, p.name]));
  const roleName = new Map(roles.map((r) => [r.id, r.name]));
  const storeIds = new Set(options.stores.map((s) => s.id));
  const people = everyone
    .filter((p) => (p.store_id === null ? options.company : storeIds.has(p.store_id)))
    .map((p) => {
      const supervisor = supervisors.get(p.id) ?? null;
      return {
        id: p.id,
        name: p.name,
        role: roleName.get(p.role_id) ?? '',
        store_id: p.store_id,
        supervisor_id: supervisor,
        supervisor_name: supervisor === null ? null : (nameById.get(supervisor) ?? null),
      };
    });
  return {
    company,
    regions: options.regions,
    districts: options.districts,
    stores: options.stores,
    people,
  };
}
