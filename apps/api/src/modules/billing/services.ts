import {
  paymentAccounts as paymentAccountResource,
  taxInfo as taxInfoResource,
} from '@portal/contract/resources/billing';
import { createResourceService } from '../../platform/resources/service.ts';
import { storeRelation } from '../organisation/api.ts';
import { paymentAccounts, taxInfo } from './schema.ts';

export const taxInfoService = createResourceService({
  definition: taxInfoResource,
  table: taxInfo,
  tenantColumn: 'company_id',
  relations: { store: storeRelation() },
});

/** Mounted by hand on SPEC.md's /charge/account paths (routes.ts), not by the generic engine. */
export const paymentAccountService = createResourceService({
  definition: paymentAccountResource,
  table: paymentAccounts,
  tenantColumn: 'company_id',
  relations: { store: storeRelation() },
});
