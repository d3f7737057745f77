import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { sectionTabs, type MenuEntry } from './menu-model.ts';

// Tabs and the phone's dropdown (MUI Tabs, Select and their inputs) load with the first group that
// has pages, not with the frame's first paint; their place is kept while they load.
const SectionTabsBar = lazy(async () => ({
  default: (await import('./SectionTabsBar.tsx')).SectionTabsBar,
}));

/**
 * The pages of the current menu group (SPEC.md section 2, top bar): tabs on large screens, a
 * dropdown on smaller ones. Nothing outside a group.
 */
export function SectionTabs({ menu }: { menu: readonly MenuEntry[] }) {
  const { pathname } = useLocation();
  const tabs = sectionTabs(menu, pathname);
  if (tabs.length === 0) return null;
  return (
    <Suspense fallback={<Box sx={{ mb: 2, height: { xs: 40, lg: 49 }, displayPrint: 'none' }} />}>
      <SectionTabsBar tabs={tabs} pathname={pathname} />
    </Suspense>
  );
}
