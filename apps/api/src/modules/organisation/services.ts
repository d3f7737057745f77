import {
  companies as companyResource,
  districts as districtResource,
  regions as regionResource,
  stores as storeResource,
} from '@portal/contract/resources/organisation';
import { and, eq, sql } from 'drizzle-orm';
import { tenantResource } from '../../platform/module.ts';
import { createResourceService } from '../../platform/resources/service.ts';
import { tenantScope } from '../../db/columns.ts';
import { storeCreated } from './hooks.ts';
import { companies, districts, regions, stores } from './schema.ts';

export const companyService = createResourceService({
  definition: companyResource,
  table: companies,
  tenantColumn: 'id',
});
export const regionService = tenantResource(regionResource, regions);
export const districtService = createResourceService({
  definition: districtResource,
  table: districts,
  tenantColumn: 'company_id',
  relations: { region: { table: regions, definition: regionResource, column: 'region_id' } },
});
export const storeService = createResourceService({
  definition: storeResource,
  table: stores,
  tenantColumn: 'company_id',
  relations: {
    district: { table: districts, definition: districtResource, column: 'district_id' },
  },
  hooks: {
    async afterWrite(row, _input, ctx, tx) {
      // Created in this transaction (not an edit): other modules set the new store up.
      const [fresh] = await tx
        .select({ id: stores.id })
        .from(stores)
        .where(
          and(
            tenantScope(stores, ctx.companyId),
            eq(stores.id, row.id),
            sql`${stores.created_at} = now()`,
          ),
        );
      if (fresh) await storeCreated.run(tx, { companyId: ctx.companyId, storeId: row.id });
    },
  },
});
