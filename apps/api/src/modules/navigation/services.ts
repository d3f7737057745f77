import {
  requiredFields as requiredFieldResource,
  sidebarItems as sidebarItemResource,
} from '@portal/contract/resources/navigation';
import { createResourceService } from '../../platform/resources/service.ts';
import { requiredFields, sidebarItems } from './schema.ts';

export const sidebarItemService = createResourceService({
  definition: sidebarItemResource,
  table: sidebarItems,
  tenantColumn: 'company_id',
  hooks: {
    // A root item is one without a parent; derived, so it can never disagree with parent_id.
    async decorate(rows) {
      for (const row of rows) row.is_root = row.parent_id === null;
    },
  },
});
export const requiredFieldService = createResourceService({
  definition: requiredFieldResource,
  table: requiredFields,
  tenantColumn: 'company_id',
});
