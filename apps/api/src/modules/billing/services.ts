import {
  paymentAccounts as paymentAccountResource,
  taxInfo as taxInfoResource,
} from '@portal/contract/resources/billing';
import { stores as storeResource } from '@portal/contract/resources/organisation';
import { createResourceService } from '../../platform/resources/service.ts';
import { stores } from '../organisation/schema.ts';
import { paymentAccounts, taxInfo } from './schema.ts';

const storeRelation = { table: stores, definition: storeResource, column: 'store_id' };

export const taxInfoService = createResourceService({
  definition: taxInfoResource,
  table: taxInfo,
  tenantColumn: 'company_id',
  relations: { store: storeRelation },
});

/** Mounted by hand on SPEC.md's /charge/account paths (routes.ts), not by the generic engine. */
export const paymentAccountService = createResourceService({
  definition: paymentAccountResource,
  table: paymentAccounts,
  tenantColumn: 'company_id',
  relations: { store: storeRelation },
});
