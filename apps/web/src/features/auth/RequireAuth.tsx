import { Navigate, Outlet, useLocation } from 'react-router';
import { LOGIN_PATH } from '../../platform/api.ts';
import { IdleLockRing } from './IdleLockRing.tsx';
import { returnToState } from './return-to.ts';
import { useSession } from './session.ts';

/**
 * Mounts its routes only while a user id is stored; anyone else goes to /login and comes back.
 * Signed-in screens carry the auto-logout ring.
 */
export function RequireAuth() {
  const userId = useSession((state) => state.userId);
  const location = useLocation();
  if (!userId) return <Navigate to={LOGIN_PATH} replace state={returnToState(location)} />;
  return (
    <>
      <Outlet />
      <IdleLockRing />
    </>
  );
}
