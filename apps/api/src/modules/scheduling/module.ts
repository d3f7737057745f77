import { defineModule } from '../../platform/module.ts';
import { storeCreated } from '../organisation/hooks.ts';
import { schedulingRoutes } from './routes.ts';
import { giveStoreTemplates, shiftTemplateService } from './services.ts';

export const schedulingModule = defineModule({
  name: 'scheduling',
  permissions: ['read_hr_schedules', 'write_hr_schedules'],
  resources: [shiftTemplateService],
  routes: (api, { db }) => schedulingRoutes(api, db),
  // A store created later offers the company's shift templates, not only "Custom shift".
  connect: () =>
    storeCreated.register('scheduling', (tx, store) =>
      giveStoreTemplates(tx, store.companyId, store.storeId),
    ),
});
