import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { SIDEBAR_WIDTH } from '@portal/contract/constants';
import { lazy, Suspense, useId, useState } from 'react';
import { NavLink } from 'react-router';
import type { MenuEntry } from './menu-model.ts';
import { MenuIcon } from './menu-icons.tsx';
import { useLazyPopup } from './lazy-popup.ts';

const loadMobileDrawer = () => import('./MobileNavDrawer.tsx');
const MobileNavDrawer = lazy(async () => ({
  default: (await loadMobileDrawer()).MobileNavDrawer,
}));
/** Fetches the phone's drawer on intent to open it (hover or focus of the top bar's button). */
export const preloadMobileNavigation = () => void loadMobileDrawer();

/** The OneView edit buttons (SPEC.md section 2), loaded only when the first menu item is OneView. */
const OneViewSidebarControls = lazy(async () => ({
  default: (await import('../../features/oneview/OneViewSidebar.tsx')).OneViewSidebarControls,
}));
// A folder's open and close animation (Collapse, with react-transition-group) is fetched as the
// menu paints: folders start open, so until it arrives their items show as they will inside it.
const Collapse = lazy(() => import('@mui/material/Collapse'));
const isOneView = (entry: MenuEntry | undefined) =>
  entry?.name === 'OneView' && entry.target.kind === 'route' && entry.target.to === '/oneview';

interface ItemProps {
  entry: MenuEntry;
  depth: number;
  onOpenTerms: () => void;
  /** Called after following a link (the mobile drawer closes). */
  onNavigate: () => void;
}

function SideNavItem({ entry, depth, onOpenTerms, onNavigate }: ItemProps) {
  const [open, setOpen] = useState(true);
  const childrenId = useId();
  const hasChildren = entry.children.length > 0;
  const indent = { pl: 2 + depth * 2 };
  const icon = (
    <ListItemIcon sx={{ minWidth: 36 }}>
      <MenuIcon name={entry.icon} folder={hasChildren} />
    </ListItemIcon>
  );
  const label = <ListItemText primary={entry.name} />;
  const { target } = entry;
  const children = hasChildren && (
    <List disablePadding>
      {entry.children.map((child) => (
        <SideNavItem
          key={child.key}
          entry={child}
          depth={depth + 1}
          onOpenTerms={onOpenTerms}
          onNavigate={onNavigate}
        />
      ))}
    </List>
  );

  let row;
  if (target.kind === 'external') {
    row = (
      <ListItemButton
        component="a"
        href={target.href}
        target="_blank"
        rel="noopener noreferrer"
        sx={indent}
        onClick={onNavigate}
      >
        {icon}
        {label}
        <OpenInNewIcon fontSize="small" color="action" titleAccess="opens in a new tab" />
      </ListItemButton>
    );
  } else if (target.kind === 'route') {
    row = (
      <ListItemButton
        component={NavLink}
        to={target.to}
        end={target.to === '/'}
        sx={{
          ...indent,
          '&.active': {
            bgcolor: 'action.selected',
            '& .MuiListItemText-primary': { fontWeight: 600 },
          },
        }}
        onClick={onNavigate}
      >
        {icon}
        {label}
      </ListItemButton>
    );
  } else if (target.kind === 'terms') {
    row = (
      <ListItemButton sx={indent} onClick={onOpenTerms} aria-haspopup="dialog">
        {icon}
        {label}
      </ListItemButton>
    );
  } else if (hasChildren) {
    row = (
      <ListItemButton
        sx={indent}
        onClick={() => setOpen((was) => !was)}
        aria-expanded={open}
        aria-controls={childrenId}
      >
        {icon}
        {label}
        {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
      </ListItemButton>
    );
  } else {
    row = (
      <Box sx={{ ...indent, py: 1, pr: 2, display: 'flex', color: 'text.secondary' }}>
        {icon}
        {entry.name}
      </Box>
    );
  }

  return (
    <li>
      {row}
      {hasChildren && (
        <Suspense fallback={open && <div id={childrenId}>{children}</div>}>
          <Collapse in={open} id={childrenId} unmountOnExit>
            {children}
          </Collapse>
        </Suspense>
      )}
    </li>
  );
}

interface SideNavProps {
  menu: readonly MenuEntry[];
  /** The wide-screen sidebar is shown (260 px) or collapsed away. */
  desktopOpen: boolean;
  /** The slide-in drawer of small screens. */
  mobileOpen: boolean;
  onMobileClose: () => void;
  onOpenTerms: () => void;
}

function SideNavList({
  menu,
  label,
  onOpenTerms,
  onNavigate,
}: {
  menu: readonly MenuEntry[];
  label: string;
  onOpenTerms: () => void;
  onNavigate: () => void;
}) {
  return (
    <Box component="nav" aria-label={label} sx={{ overflowY: 'auto' }}>
      <Toolbar />
      <List>
        {menu.map((entry, index) => [
          <SideNavItem
            key={entry.key}
            entry={entry}
            depth={0}
            onOpenTerms={onOpenTerms}
            onNavigate={onNavigate}
          />,
          index === 0 && isOneView(entry) && (
            <Suspense key="oneview-edit" fallback={null}>
              <OneViewSidebarControls onNavigate={onNavigate} />
            </Suspense>
          ),
        ])}
      </List>
    </Box>
  );
}

export const MAIN_NAVIGATION = 'Main navigation';

/**
 * The left menu (SPEC.md section 2): on wide screens a 260 px sidebar that collapses away; on small
 * screens a separate slide-in drawer. Only one of the two is ever in the page, so the navigation
 * landmark is unique.
 */
export function SideNav({
  menu,
  desktopOpen,
  mobileOpen,
  onMobileClose,
  onOpenTerms,
}: SideNavProps) {
  // Only the drawer of the current width is rendered: a phone's first paint skips the whole menu
  // (its slide-in drawer renders nothing until opened), which the hidden sidebar used to build.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  const mobileDrawer = useLazyPopup(loadMobileDrawer, mobileOpen);
  const openTermsFromDrawer = () => {
    onMobileClose();
    onOpenTerms();
  };
  return (
    <Box
      sx={{
        width: { md: desktopOpen ? SIDEBAR_WIDTH : 0 },
        flexShrink: { md: 0 },
        displayPrint: 'none',
        transition: (theme) => theme.transitions.create('width'),
      }}
    >
      {wide ? (
        // The docked sidebar: MUI's persistent Drawer, with its slide as a CSS transition (the
        // Drawer module carries Modal's code, for the temporary variant, which this first paint
        // does not need). Hidden once slid out, so its links leave the tab order.
        <Paper
          square
          elevation={0}
          sx={(theme) => ({
            position: 'fixed',
            top: 0,
            left: 0,
            width: SIDEBAR_WIDTH,
            boxSizing: 'border-box',
            height: '100%',
            display: 'flex',
            flexDirection: 'column',
            overflowY: 'auto',
            borderRight: 1,
            borderColor: 'divider',
            zIndex: 'drawer',
            transform: desktopOpen ? 'none' : 'translateX(-100%)',
            visibility: desktopOpen ? 'visible' : 'hidden',
            transition: theme.transitions.create(
              ['transform', 'visibility'],
              desktopOpen
                ? {
                    easing: theme.transitions.easing.easeOut,
                    duration: theme.transitions.duration.enteringScreen,
                  }
                : {
                    easing: theme.transitions.easing.sharp,
                    duration: theme.transitions.duration.leavingScreen,
                  },
            ),
          })}
        >
          <SideNavList
            menu={menu}
            label={MAIN_NAVIGATION}
            onOpenTerms={onOpenTerms}
            onNavigate={() => {}}
          />
        </Paper>
      ) : (
        mobileDrawer.mounted && (
          <Suspense fallback={null}>
            <MobileNavDrawer open={mobileOpen} onClose={onMobileClose}>
              <SideNavList
                menu={menu}
                label={MAIN_NAVIGATION}
                onOpenTerms={openTermsFromDrawer}
                onNavigate={onMobileClose}
              />
            </MobileNavDrawer>
          </Suspense>
        )
      )}
    </Box>
  );
}
