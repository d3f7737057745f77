import BusinessIcon from '@mui/icons-material/Business';
import EditIcon from '@mui/icons-material/Edit';
import LogoutIcon from '@mui/icons-material/Logout';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PinIcon from '@mui/icons-material/Pin';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { ReactNode } from 'react';
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

/** The user menu UserMenu opens (its own chunk, fetched on first use). */
export function UserMenuPopup({
  id,
  anchor,
  onClose,
}: {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  const signOut = useSignOut();
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      {userMenuLinks().map((link) => (
        <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={onClose}>
          <ListItemIcon>{link.icon}</ListItemIcon>
          {link.label}
        </MenuItem>
      ))}
      <MenuItem
        onClick={() => {
          onClose();
          void signOut();
        }}
      >
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        Logout
      </MenuItem>
    </Menu>
  );
}
