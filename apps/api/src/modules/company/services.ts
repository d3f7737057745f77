import { asc, eq } from 'drizzle-orm';
import {
  carrierSchema,
  companyAssets as companyAssetResource,
  companyCarriers as companyCarrierResource,
  type Carrier,
} from '@portal/contract/resources/company';
import { tenantResource } from '../../platform/module.ts';
import type { Executor } from '../../platform/database.ts';
import { createResourceService } from '../../platform/resources/service.ts';
import { carriers, companyAssets, companyCarriers } from './schema.ts';

export const companyAssetService = tenantResource(companyAssetResource, companyAssets);

export const companyCarrierService = createResourceService({
  definition: companyCarrierResource,
  table: companyCarriers,
  tenantColumn: 'company_id',
  relations: {
    carrier: { table: carriers, definition: { row: carrierSchema }, column: 'carrier_id' },
  },
});

/** The global carrier list, active ones by name (what a company may link to). */
export function activeCarriers(db: Executor): Promise<Carrier[]> {
  return db.select().from(carriers).where(eq(carriers.is_active, true)).orderBy(asc(carriers.name));
}
