import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LOGIN_PATH } from '../../platform/api.ts';
import { lazyScreen } from '../../platform/lazy-screen.ts';
import { returnToState } from './return-to.ts';
import { useSession } from './session.ts';

// The ring loads beside the frame, not in the entry: it brings the lock (zod, the auth contract)
// and MUI's Tooltip (Popper), which the sign-in page does not need.
const IdleLockRing = lazyScreen(() => import('./IdleLockRing.tsx'), 'IdleLockRing');

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
      <Suspense fallback={null}>
        <IdleLockRing />
      </Suspense>
    </>
  );
}
