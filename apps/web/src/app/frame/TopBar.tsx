import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import type { SessionUser } from '@portal/contract/auth';
import { BRAND } from '@portal/contract/constants';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import { preloadMobileNavigation } from './SideNav.tsx';
import { StoreSwitcher } from './StoreSwitcher.tsx';
import { ThemeModeToggle } from './ThemeModeToggle.tsx';
import { CartIndicator } from './TopBarIndicators.tsx';
import { UserMenu } from './UserMenu.tsx';
import { LazyTooltip } from '../../platform/ui/LazyTooltip.tsx';

// The bell and its live stream load beside the frame, not in its first paint.
const NotificationBell = lazy(() =>
  import('../../features/notifications/NotificationBell.tsx').then((m) => ({
    default: m.NotificationBell,
  })),
);

interface TopBarProps {
  user: SessionUser | undefined;
  /** B2B users get no store switcher (SPEC.md section 6). */
  showStoreSwitcher: boolean;
  desktopNavigationOpen: boolean;
  onToggleDesktopNavigation: () => void;
  onOpenMobileNavigation: () => void;
}

export function TopBar({
  user,
  showStoreSwitcher,
  desktopNavigationOpen,
  onToggleDesktopNavigation,
  onOpenMobileNavigation,
}: TopBarProps) {
  const desktopLabel = desktopNavigationOpen ? 'Hide navigation' : 'Show navigation';
  return (
    <AppBar
      position="fixed"
      sx={{ zIndex: (theme) => theme.zIndex.drawer + 1, displayPrint: 'none' }}
    >
      <Toolbar sx={{ gap: { xs: 0, sm: 0.5 }, px: { xs: 1, sm: 2 } }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label="Open navigation"
          onClick={onOpenMobileNavigation}
          onPointerEnter={preloadMobileNavigation}
          onFocus={preloadMobileNavigation}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <LazyTooltip title={desktopLabel}>
          <IconButton
            color="inherit"
            edge="start"
            aria-label={desktopLabel}
            aria-expanded={desktopNavigationOpen}
            onClick={onToggleDesktopNavigation}
            sx={{ display: { xs: 'none', md: 'inline-flex' } }}
          >
            {desktopNavigationOpen ? <MenuOpenIcon /> : <MenuIcon />}
          </IconButton>
        </LazyTooltip>
        <Link
          component={RouterLink}
          to="/"
          color="inherit"
          underline="none"
          variant="h6"
          noWrap
          sx={{ ml: 1, fontSize: { xs: '1rem', sm: '1.25rem' }, minWidth: 0 }}
        >
          {BRAND}
        </Link>
        <Box sx={{ flexGrow: 1 }} />
        {user && showStoreSwitcher && <StoreSwitcher user={user} />}
        <CartIndicator />
        {user && (
          <Suspense fallback={null}>
            <NotificationBell />
          </Suspense>
        )}
        <ThemeModeToggle />
        {user && <UserMenu name={`${user.first_name} ${user.last_name}`.trim()} />}
      </Toolbar>
    </AppBar>
  );
}
