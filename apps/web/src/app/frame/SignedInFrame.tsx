import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { storageKeys } from '@portal/contract/storage-keys';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Outlet } from 'react-router';
import { useSessionUser } from '../../features/auth/useSessionUser.ts';
import { GetSupport } from '../../features/support/GetSupport.tsx';
import { PageLoader } from '../../platform/PageLoader.tsx';
import { readStored } from '../../platform/storage.ts';
import { useThemeMode } from '../../platform/theme.ts';
import { Footer } from './Footer.tsx';
import { buildMenu } from './menu-model.ts';
import { SectionTabs } from './SectionTabs.tsx';
import { SideNav } from './SideNav.tsx';
import { TopBar } from './TopBar.tsx';
import { useShellSettings } from '../../features/shell/useShellSettings.ts';

// Not in the frame's first paint: the time clock (its button, dialogs, clock-in prompt, face check
// and auto clock-out list, with their API schemas) is fetched as its own chunk as the frame mounts,
// so the clock-in prompt still follows a sign-in; the terms load when first opened.
const TimeClock = lazy(async () => ({
  default: (await import('../../features/hr/TimeClock.tsx')).TimeClock,
}));
const TermsOfUseDialog = lazy(async () => ({
  default: (await import('../../features/terms/TermsOfUseDialog.tsx')).TermsOfUseDialog,
}));

/** The frame around every signed-in screen: top bar, side menu, content and footer. */
export function SignedInFrame() {
  const { data: user } = useSessionUser();
  const settings = useShellSettings();
  const [desktopOpen, setDesktopOpen] = useState(true);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);

  // The user's saved light or dark choice follows them to every browser, even after a sign-out.
  const savedMode = settings.data?.theme_mode;
  useEffect(() => {
    const theme = useThemeMode.getState();
    if (savedMode && !theme.switchedHere && savedMode !== theme.mode) theme.setMode(savedMode);
  }, [savedMode]);

  const menu = useMemo(
    () =>
      buildMenu({
        sidebar: user?.sidebarItems ?? [],
        permissions: user?.permissions ?? {},
        seeAll: user?.role === 'super_admin',
        accessLevel: user?.access_level ?? 0,
        settings: settings.data?.menu,
        hostname: window.location.hostname,
      }),
    [user, settings.data],
  );
  const isB2BUser = readStored(storageKeys.isB2BUser) === 'true';

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <TopBar
        user={user}
        showStoreSwitcher={!isB2BUser}
        desktopNavigationOpen={desktopOpen}
        onToggleDesktopNavigation={() => setDesktopOpen((open) => !open)}
        onOpenMobileNavigation={() => setMobileOpen(true)}
      />
      <SideNav
        menu={menu}
        desktopOpen={desktopOpen}
        mobileOpen={mobileOpen}
        onMobileClose={() => setMobileOpen(false)}
        onOpenTerms={() => setTermsOpen(true)}
      />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar sx={{ displayPrint: 'none' }} />
        <Box
          component="main"
          sx={{ flexGrow: 1, p: { xs: 2, md: 3 }, display: 'flex', flexDirection: 'column' }}
        >
          <SectionTabs menu={menu} />
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
        {user && (
          <Box
            sx={{
              px: { xs: 2, md: 3 },
              pt: 2,
              display: 'flex',
              justifyContent: 'flex-start',
              displayPrint: 'none',
            }}
          >
            <GetSupport email={user.email} />
          </Box>
        )}
        <Footer />
      </Box>
      {/* Boundaries of their own: while they load, the page's content stays. */}
      <Suspense fallback={null}>
        <TimeClock />
      </Suspense>
      {termsOpen && (
        <Suspense fallback={null}>
          <TermsOfUseDialog open onClose={() => setTermsOpen(false)} />
        </Suspense>
      )}
    </Box>
  );
}
