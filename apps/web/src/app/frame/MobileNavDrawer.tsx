import Drawer from '@mui/material/Drawer';
import { SIDEBAR_WIDTH } from '@portal/contract/constants';
import type { ReactNode } from 'react';

/** The small screens' slide-in menu (its own chunk with Modal's code, fetched on first use). */
export function MobileNavDrawer({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: false }}
      slotProps={{ paper: { 'aria-label': 'Navigation menu' } }}
      sx={{ '& .MuiDrawer-paper': { width: SIDEBAR_WIDTH, boxSizing: 'border-box' } }}
    >
      {children}
    </Drawer>
  );
}
