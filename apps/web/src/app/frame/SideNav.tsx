import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import { SIDEBAR_WIDTH } from '@portal/contract/constants';
import type { SidebarNode } from '@portal/contract/resources/navigation';
import { NavLink } from 'react-router';
import { byOrder, sidebarTarget } from './sidebar-links.ts';

function SideNavItem({ node, depth }: { node: SidebarNode; depth: number }) {
  const target = sidebarTarget(node);
  const indent = { pl: 2 + depth * 2 };
  const label = <ListItemText primary={node.name} />;
  return (
    <li>
      {target.kind === 'external' ? (
        <ListItemButton
          component="a"
          href={target.href}
          target="_blank"
          rel="noopener noreferrer"
          sx={indent}
        >
          {label}
          <OpenInNewIcon fontSize="small" color="action" titleAccess="opens in a new tab" />
        </ListItemButton>
      ) : target.kind === 'route' ? (
        <ListItemButton
          component={NavLink}
          to={target.to}
          sx={{ ...indent, '&.active': { bgcolor: 'action.selected', fontWeight: 500 } }}
        >
          {label}
        </ListItemButton>
      ) : (
        <Box sx={{ ...indent, py: 1, pr: 2, color: 'text.secondary' }}>{node.name}</Box>
      )}
      {node.children.length > 0 && (
        <List disablePadding>
          {byOrder(node.children).map((child) => (
            <SideNavItem key={child.id} node={child} depth={depth + 1} />
          ))}
        </List>
      )}
    </li>
  );
}

function SideNavList({ items }: { items: readonly SidebarNode[] }) {
  return (
    <Box component="nav" aria-label="Main navigation" sx={{ overflowY: 'auto' }}>
      <Toolbar />
      <List>
        {byOrder(items).map((node) => (
          <SideNavItem key={node.id} node={node} depth={0} />
        ))}
      </List>
    </Box>
  );
}

interface SideNavProps {
  items: readonly SidebarNode[];
  /** The slide-in drawer of small screens. */
  mobileOpen: boolean;
  onMobileClose: () => void;
}

/** The left menu of server-supplied sidebar items: fixed on wide screens, slide-in on small ones. */
export function SideNav({ items, mobileOpen, onMobileClose }: SideNavProps) {
  const paper = { width: SIDEBAR_WIDTH, boxSizing: 'border-box' } as const;
  return (
    <Box sx={{ width: { md: SIDEBAR_WIDTH }, flexShrink: { md: 0 }, displayPrint: 'none' }}>
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onMobileClose}
        onClick={onMobileClose}
        sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': paper }}
      >
        <SideNavList items={items} />
      </Drawer>
      <Drawer
        variant="permanent"
        open
        sx={{ display: { xs: 'none', md: 'block' }, '& .MuiDrawer-paper': paper }}
      >
        <SideNavList items={items} />
      </Drawer>
    </Box>
  );
}
