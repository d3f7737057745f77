import { defineModule } from '../../platform/module.ts';
import { mountResource } from '../../platform/resources/routes.ts';
import { compensationService, employeeDocumentService, storeAccessService } from './records.ts';
import { documentUploadRoute } from './routes.ts';

/** The employee edit page's record tabs, on the engine under `/employees/:id/...`. */
export const hrRecordsModule = defineModule({
  name: 'hr-records',
  resources: [compensationService, storeAccessService],
  routes: (api, { db, uploads }) => {
    // Documents read and link the app's own uploads, so their service is built with them.
    mountResource(api, db, employeeDocumentService(uploads));
    documentUploadRoute(api, db, uploads);
  },
});
