import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { useSessionUser } from '../../features/auth/useSessionUser.ts';
import { PageLoader } from '../../platform/PageLoader.tsx';
import { Footer } from './Footer.tsx';
import { SideNav } from './SideNav.tsx';
import { TopBar } from './TopBar.tsx';

/** The frame around every signed-in screen: top bar, side menu, content and footer. */
export function SignedInFrame() {
  const { data: user } = useSessionUser();
  const [navigationOpen, setNavigationOpen] = useState(false);
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <TopBar
        userName={user ? `${user.first_name} ${user.last_name}`.trim() : null}
        onOpenNavigation={() => setNavigationOpen(true)}
      />
      <SideNav
        items={user?.sidebarItems ?? []}
        mobileOpen={navigationOpen}
        onMobileClose={() => setNavigationOpen(false)}
      />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar sx={{ displayPrint: 'none' }} />
        <Box
          component="main"
          sx={{ flexGrow: 1, p: { xs: 2, md: 3 }, display: 'flex', flexDirection: 'column' }}
        >
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
        <Footer />
      </Box>
    </Box>
  );
}
