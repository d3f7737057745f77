import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { routeCovers, type MenuEntry } from './menu-model.ts';

const routeOf = (entry: MenuEntry) => (entry.target.kind === 'route' ? entry.target.to : '/');

/**
 * The pages of the current menu group (SPEC.md section 2, top bar): tabs on large screens, a
 * dropdown on smaller ones. Loaded by SectionTabs.tsx the first time a group has pages to show.
 */
export function SectionTabsBar({
  tabs,
  pathname,
}: {
  tabs: readonly MenuEntry[];
  pathname: string;
}) {
  const navigate = useNavigate();
  const labelId = useId();
  const current = tabs.find((tab) => routeCovers(routeOf(tab), pathname));
  const value = current ? routeOf(current) : false;
  return (
    <Box sx={{ mb: 2, displayPrint: 'none' }}>
      <Box sx={{ display: { xs: 'none', lg: 'block' }, borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={value} variant="scrollable" scrollButtons="auto" aria-label="Section pages">
          {tabs.map((tab) => (
            <Tab
              key={tab.key}
              label={tab.name}
              value={routeOf(tab)}
              component={RouterLink}
              to={routeOf(tab)}
            />
          ))}
        </Tabs>
      </Box>
      <FormControl size="small" sx={{ display: { xs: 'flex', lg: 'none' }, minWidth: 220 }}>
        <InputLabel id={labelId}>Section page</InputLabel>
        <Select
          labelId={labelId}
          label="Section page"
          value={value === false ? '' : value}
          onChange={(event) => void navigate(event.target.value)}
        >
          {tabs.map((tab) => (
            <MenuItem key={tab.key} value={routeOf(tab)}>
              {tab.name}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
    </Box>
  );
}
