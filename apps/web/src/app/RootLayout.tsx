import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '../platform/PageLoader.tsx';

/** Every route: screens load lazily, and each new path starts at the top (SPEC.md section 2). */
export function RootLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
}
