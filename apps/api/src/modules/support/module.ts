import { defineModule } from '../../platform/module.ts';
import { supportRoutes } from './routes.ts';
import { supportTicketTypeService, supportTicketService } from './services.ts';

export const supportModule = defineModule({
  name: 'support',
  resources: [supportTicketTypeService, supportTicketService],
  routes: (api, { db }) => supportRoutes(api, db),
});
