import { defineModule } from '../../platform/module.ts';
import { fieldRoutes } from './routes.ts';
import { moduleFieldService, roleBasedFieldService } from './services.ts';

export const fieldsModule = defineModule({
  name: 'fields',
  resources: [moduleFieldService, roleBasedFieldService],
  routes: (api, { db }) => fieldRoutes(api, db),
});
