import type { Permission } from '@portal/contract/permissions';

/**
 * The entries of the settings menu group (SPEC.md section 2: shown to access_level 4 only). Each
 * entry shows when the user also holds its permission. Add a settings screen's entry here when its
 * route is registered; a route with no screen gets no entry.
 */
export const settingsMenu: readonly { name: string; route: string; permission: Permission }[] = [
  { name: 'Menu Management', route: '/drag', permission: 'write_sidebar_items' },
];

export const SETTINGS_GROUP_NAME = 'Settings';
