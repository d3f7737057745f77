import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { BRAND } from '@portal/contract/constants';
import { Link as RouterLink } from 'react-router';
import { ThemeModeToggle } from './ThemeModeToggle.tsx';
import { UserMenu } from './UserMenu.tsx';

interface TopBarProps {
  userName: string | null;
  onOpenNavigation: () => void;
}

export function TopBar({ userName, onOpenNavigation }: TopBarProps) {
  return (
    <AppBar
      position="fixed"
      sx={{ zIndex: (theme) => theme.zIndex.drawer + 1, displayPrint: 'none' }}
    >
      <Toolbar>
        <IconButton
          color="inherit"
          edge="start"
          aria-label="Open navigation"
          onClick={onOpenNavigation}
          sx={{ mr: 1, display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Link component={RouterLink} to="/" color="inherit" underline="none" variant="h6" noWrap>
          {BRAND}
        </Link>
        <Box sx={{ flexGrow: 1 }} />
        <ThemeModeToggle />
        {userName && <UserMenu name={userName} />}
      </Toolbar>
    </AppBar>
  );
}
