import { defineModule } from '../../platform/module.ts';
import { faceRoutes } from './routes.ts';

export const hrFaceModule = defineModule({
  name: 'hr-face',
  routes: (api, { db, config }) => faceRoutes(api, db, config.FACE_MATCH_THRESHOLD),
});
