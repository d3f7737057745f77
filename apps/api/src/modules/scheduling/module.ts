import { defineModule } from '../../platform/module.ts';
import { schedulingRoutes } from './routes.ts';
import { shiftTemplateService } from './services.ts';

export const schedulingModule = defineModule({
  name: 'scheduling',
  resources: [shiftTemplateService],
  routes: (api, { db }) => schedulingRoutes(api, db),
});
