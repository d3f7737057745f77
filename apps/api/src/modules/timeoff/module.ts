import { defineModule } from '../../platform/module.ts';
import { timeoffWidgets } from './widgets.ts';
import { timeoffRoutes } from './routes.ts';
import { timeoffTypeService } from './types.ts';
import { seedTimeoffDemo } from './demo.ts';
import { timeoffDatasets } from './datasets.ts';

export const timeoffModule = defineModule({
  name: 'timeoff',
  resources: [timeoffTypeService],
  permissions: ['read_hr_timeoff', 'write_hr_timeoff'],
  routes: (api, { db }) => timeoffRoutes(api, db),
  demo: ({ tx, companyId }) => seedTimeoffDemo(tx, companyId),
  /** Its OneView widgets (modules/oneview shows them). */
  widgets: timeoffWidgets,
  /** Its reporting datasets (modules/reporting charts them). */
  datasets: timeoffDatasets,
});
