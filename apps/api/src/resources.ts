import { permissionGroupService, roleService } from './modules/access/services.ts';
import { requiredFieldService, sidebarItemService } from './modules/navigation/services.ts';
import {
  companyService,
  districtService,
  regionService,
  storeService,
} from './modules/organisation/services.ts';
import { userService } from './modules/users/services.ts';

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
];
