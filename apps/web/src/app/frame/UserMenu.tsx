import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import BusinessIcon from '@mui/icons-material/Business';
import EditIcon from '@mui/icons-material/Edit';
import LogoutIcon from '@mui/icons-material/Logout';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PinIcon from '@mui/icons-material/Pin';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Box from '@mui/material/Box';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { hasPermission } from '../../features/auth/session.ts';
import { useSignOut } from '../../features/auth/useSignOut.ts';

/**
 * SPEC.md section 2: the user menu's links; Company Settings needs can_edit_own_company_settings.
 */
function userMenuLinks(): { to: string; label: string; icon: ReactNode }[] {
  return [
    { to: '/account', label: 'Edit Account', icon: <EditIcon fontSize="small" /> },
    {
      to: '/user/control-notifications',
      label: 'Control Notifications',
      icon: <NotificationsIcon fontSize="small" />,
    },
    { to: '/mobile-pin-update', label: 'Mobile pin update', icon: <PinIcon fontSize="small" /> },
    ...(hasPermission('can_edit_own_company_settings')
      ? [
          {
            to: '/my-company-settings',
            label: 'Company Settings',
            icon: <BusinessIcon fontSize="small" />,
          },
        ]
      : []),
  ];
}

/** The signed-in user's name, opening the user menu. */
export function UserMenu({ name }: { name: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const signOut = useSignOut();
  const menuId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        color="inherit"
        startIcon={<AccountCircleIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        aria-label={`User menu: ${name}`}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{
          textTransform: 'none',
          minWidth: 0,
          '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } },
        }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {name}
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {userMenuLinks().map((link) => (
          <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={close}>
            <ListItemIcon>{link.icon}</ListItemIcon>
            {link.label}
          </MenuItem>
        ))}
        <MenuItem
          onClick={() => {
            close();
            void signOut();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}
