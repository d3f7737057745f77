import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { homeRouteFor } from '@portal/contract/home-screens';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useNavigation } from 'react-router';
import { hasPermission, useSession } from '../features/auth/session.ts';
import { companyCarriersQueryKey, loadCompanyCarriers } from './company-carriers.ts';
import { useShellSettings } from '../features/shell/useShellSettings.ts';

/** A full-screen loading overlay, above the frame, while the landing page is worked out. */
function HomeScreenLoading() {
  return (
    <Box
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (theme) => theme.zIndex.modal + 1,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'rgba(0, 0, 0, 0.5)',
        color: 'common.white',
      }}
    >
      <CircularProgress color="inherit" aria-label="Loading home screen" />
    </Box>
  );
}

/**
 * `/` goes to the landing page of the company's first Home Screen required field (SPEC.md section
 * 2). Right after sign-in the login reply carries it; after a page load the shell settings, which
 * every signed-in user may read, do.
 */
export function HomeRedirect() {
  const signedInWith = useSession((state) => state.homeScreen);
  const settings = useShellSettings();
  // The home-screen load also caches the company's carriers (SPEC.md section 7); the landing page
  // does not wait for them.
  useQuery({
    queryKey: companyCarriersQueryKey,
    // No abort signal: the fetch outlives this redirect, which unmounts at once.
    queryFn: () => loadCompanyCarriers(),
    enabled: hasPermission('read_company_carriers'),
    meta: { errorToast: false },
  });
  const landing =
    signedInWith !== undefined
      ? homeRouteFor(signedInWith ?? undefined)
      : settings.isPending
        ? undefined
        : homeRouteFor(settings.data?.home_screen ?? undefined);
  const navigate = useNavigate();
  // A click that has left `/`, or is leaving it while its feature's routes load, wins over the
  // landing page: the browser's address is the router's latest, its pending navigation the next.
  const leaving = useNavigation().location?.pathname;
  useEffect(() => {
    if (landing !== undefined && window.location.pathname === '/' && leaving === undefined)
      void navigate(landing, { replace: true });
  }, [landing, leaving, navigate]);
  // Shown until the landing screen replaces this route: the router keeps the current screen while
  // the next one's code loads, so returning nothing here left an empty frame in the meantime.
  return <HomeScreenLoading />;
}
