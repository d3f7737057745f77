import { storageKeys } from '@portal/contract/storage-keys';
import { Suspense, useEffect, useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../platform/PageLoader.tsx';
import { readStored, subscribeStored } from '../platform/storage.ts';

export const LOCKED_PATH = '/locked';
/**
 * Where a locked session may still go (SPEC.md section 2, route guard), plus the dev mailbox, so
 * on the embedded default a locked user can read the reset mail they asked for.
 */
const OPEN_WHILE_LOCKED = new Set([
  LOCKED_PATH,
  '/forgot-password',
  '/reset-password',
  '/dev/mailbox',
]);

const subscribeLocked = (onChange: () => void) => subscribeStored(storageKeys.locked, onChange);
const readLocked = () => readStored(storageKeys.locked) === 'true';

/**
 * Every route: a locked session (set here or in another tab) is pushed to /locked, screens load
 * lazily, and each new path starts at the top (SPEC.md section 2).
 */
export function RootLayout() {
  const location = useLocation();
  const { pathname } = location;
  // The prerendered sign-in page (apps/web/prerender) is drawn unlocked, and taken over only when
  // the visit is unlocked too, so the stored flag is also what that markup shows.
  const locked = useSyncExternalStore(subscribeLocked, readLocked, readLocked);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  if (locked && !OPEN_WHILE_LOCKED.has(pathname)) {
    const redirect = `${pathname}${location.search}`;
    return <Navigate to={`${LOCKED_PATH}?redirect_url=${encodeURIComponent(redirect)}`} replace />;
  }
  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
}
