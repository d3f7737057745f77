import { defineModule } from '../../platform/module.ts';
import { userRemoved } from '../users/hooks.ts';
import { faceRoutes } from './routes.ts';
import { deleteFaceOnTermination } from './service.ts';

export const hrFaceModule = defineModule({
  name: 'hr-face',
  routes: (api, { db, config }) => faceRoutes(api, db, config.FACE_MATCH_THRESHOLD),
  // Biometric data is kept only while the person is an active user: a deleted or disabled user's
  // face goes in the same transaction, with the reason in the consent history.
  connect: () =>
    userRemoved.register('hr-face', (tx, user) =>
      deleteFaceOnTermination(tx, user.companyId, user.userId, user.actorId, user.how),
    ),
});
