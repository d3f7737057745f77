import { defineModule } from '../../platform/module.ts';
import { organisationRoutes } from './routes.ts';
import { organisationDatasets } from './datasets.ts';
import { companyService, regionService, districtService, storeService } from './services.ts';

export const organisationModule = defineModule({
  name: 'organisation',
  resources: [companyService, regionService, districtService, storeService],
  routes: (api, { db }) => organisationRoutes(api, db),
  /** Its reporting datasets (modules/reporting charts them). */
  datasets: organisationDatasets,
});
