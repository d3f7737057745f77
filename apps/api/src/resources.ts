import { permissionGroupService, roleService } from './modules/access/services.ts';
import {
  embedService,
  requiredFieldService,
  sidebarItemService,
} from './modules/navigation/services.ts';
import {
  companyService,
  districtService,
  regionService,
  storeService,
} from './modules/organisation/services.ts';
import { userService } from './modules/users/services.ts';
import {
  userDistrictService,
  userRegionService,
  userStoreService,
} from './modules/assignments/services.ts';
import { categoryService } from './modules/catalog/services.ts';
import { supportTicketService, supportTicketTypeService } from './modules/support/services.ts';
import { taxInfoService } from './modules/billing/services.ts';
import { companyAssetService, companyCarrierService } from './modules/company/services.ts';
import { moduleFieldService, roleBasedFieldService } from './modules/fields/services.ts';
import { shiftTemplateService } from './modules/scheduling/services.ts';

/**
 * Every resource served by the generic engine. The app mounts each one's standard routes, and the
 * generic API test suite runs over each one: adding a resource here is what puts it on the API.
 */
export const resourceServices = [
  companyService,
  regionService,
  districtService,
  storeService,
  roleService,
  permissionGroupService,
  userService,
  sidebarItemService,
  requiredFieldService,
  userStoreService,
  userRegionService,
  userDistrictService,
  categoryService,
  embedService,
  supportTicketTypeService,
  supportTicketService,
  taxInfoService,
  companyAssetService,
  companyCarrierService,
  moduleFieldService,
  roleBasedFieldService,
  shiftTemplateService,
];
