import { homeRouteFor } from '@portal/contract/resources/navigation';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { hasPermission, useSession } from '../features/auth/session.ts';
import { PageLoader } from '../platform/PageLoader.tsx';
import { fetchHomeScreenTitle, homeScreenQueryKey } from './home-screen.ts';

/**
 * `/` goes to the landing page of the company's Home Screen setting (SPEC.md section 2). The
 * setting comes with the sign-in; after a page load it is read again where the user may read it.
 */
export function HomeRedirect() {
  const signedInWith = useSession((state) => state.homeScreen);
  const lookUp = signedInWith === undefined && hasPermission('read_required_fields');
  const setting = useQuery({
    queryKey: homeScreenQueryKey,
    queryFn: ({ signal }) => fetchHomeScreenTitle(signal),
    enabled: lookUp,
    meta: { errorToast: false },
  });
  if (lookUp && setting.isPending) return <PageLoader label="Loading home screen" />;
  const title = signedInWith ?? setting.data ?? undefined;
  return <Navigate to={homeRouteFor(title)} replace />;
}
