import {
  companies as companyResource,
  districts as districtResource,
  regions as regionResource,
  stores as storeResource,
} from '@portal/contract/resources/organisation';
import { createResourceService } from '../../platform/resources/service.ts';
import { companies, districts, regions, stores } from './schema.ts';

export const companyService = createResourceService({
  definition: companyResource,
  table: companies,
  tenantColumn: 'id',
});
export const regionService = createResourceService({
  definition: regionResource,
  table: regions,
  tenantColumn: 'company_id',
});
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
});
