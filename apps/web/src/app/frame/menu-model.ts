import type { SidebarNode } from '@portal/contract/resources/navigation';
import { SETTINGS_ACCESS_LEVEL } from '@portal/contract/roles';
import { LOTUS_GROUP_NAME, lotusResources } from '@portal/contract/lotus';
import type { MenuSettings } from '@portal/contract/shell';
import { SETTINGS_GROUP_NAME, settingsMenu } from './settings-menu.ts';
import { byOrder, sidebarTarget, type SidebarTarget } from './sidebar-links.ts';

/** One entry of the side menu as drawn: a link, an external link, a folder, or the Terms entry. */
export interface MenuEntry {
  key: string;
  name: string;
  icon: string | null;
  target: SidebarTarget | { kind: 'terms' };
  children: MenuEntry[];
}

export const TERMS_ENTRY_NAME = 'Terms of Use';
export const REPORTING_ENTRY_NAME = 'Reporting';

export interface MenuInputs {
  sidebar: readonly SidebarNode[];
  permissions: Readonly<Record<string, unknown>>;
  /** Super admins see every item, as the server's sidebar does. */
  seeAll: boolean;
  accessLevel: number;
  /** The company's menu settings; undefined while they load. */
  settings: MenuSettings | undefined;
  /** The host the app is served from, for the host-bound Reporting link. */
  hostname: string;
}

/**
 * SPEC.md section 5: an item without a permissions requirement always shows; one with a
 * permissions title shows only when that title is a key of the user's permissions.
 */
export function visibleItems(
  nodes: readonly SidebarNode[],
  permissions: Readonly<Record<string, unknown>>,
  seeAll = false,
): SidebarNode[] {
  return byOrder(nodes)
    .filter((node) => seeAll || !node.permissions || node.permissions.title in permissions)
    .map((node) => ({ ...node, children: visibleItems(node.children, permissions, seeAll) }));
}

/** A folder with nothing in it leads nowhere: it is left out of the menu, at every depth. */
function withoutEmptyFolders(entries: readonly MenuEntry[]): MenuEntry[] {
  return entries.flatMap((entry) => {
    const children = withoutEmptyFolders(entry.children);
    return entry.target.kind === 'none' && children.length === 0 ? [] : [{ ...entry, children }];
  });
}

function fromSidebar(node: SidebarNode): MenuEntry {
  return {
    key: `item-${node.id}`,
    name: node.name,
    icon: node.icon,
    target: sidebarTarget(node),
    children: node.children.map(fromSidebar),
  };
}

const route = (key: string, name: string, to: string, icon: string | null = null): MenuEntry => ({
  key,
  name,
  icon,
  target: { kind: 'route', to },
  children: [],
});

/**
 * The whole side menu: the server's items the user may see, then All Lotus Resources, the
 * Reporting link, the settings group and the Terms of Use entry, each as SPEC.md section 2 and the
 * company's menu settings say.
 */
export function buildMenu(inputs: MenuInputs): MenuEntry[] {
  const { permissions, settings } = inputs;
  const menu = withoutEmptyFolders(
    visibleItems(inputs.sidebar, permissions, inputs.seeAll).map(fromSidebar),
  );

  const lotusAllowed =
    settings !== undefined &&
    (settings.lotus_group_permission === null || settings.lotus_group_permission in permissions);
  const lotus = lotusResources.filter((resource) =>
    settings?.lotus_resources.includes(resource.key),
  );
  if (lotusAllowed && lotus.length > 0) {
    menu.push({
      key: 'lotus',
      name: LOTUS_GROUP_NAME,
      icon: 'apps',
      target: { kind: 'none' },
      children: lotus.map((resource) =>
        route(`lotus-${resource.key}`, resource.name, resource.route),
      ),
    });
  }

  if (
    settings?.reporting_link_url &&
    settings.reporting_link_host &&
    settings.reporting_link_host === inputs.hostname.toLowerCase()
  ) {
    menu.push({
      key: 'reporting',
      name: REPORTING_ENTRY_NAME,
      icon: 'assessment',
      target: { kind: 'external', href: settings.reporting_link_url },
      children: [],
    });
  }

  if (inputs.accessLevel >= SETTINGS_ACCESS_LEVEL) {
    const entries = settingsMenu.filter(
      (entry) => inputs.seeAll || entry.permission in permissions,
    );
    if (entries.length > 0) {
      menu.push({
        key: 'settings',
        name: SETTINGS_GROUP_NAME,
        icon: 'settings',
        target: { kind: 'none' },
        children: entries.map((entry) => route(`settings-${entry.route}`, entry.name, entry.route)),
      });
    }
  }

  menu.push({
    key: 'terms',
    name: TERMS_ENTRY_NAME,
    icon: 'description',
    target: { kind: 'terms' },
    children: [],
  });
  return menu;
}

const pathOf = (to: string) => to.split(/[?#]/)[0] ?? to;

/** Whether a menu route covers the current path (itself or a page below it). */
export function routeCovers(to: string, pathname: string): boolean {
  const path = pathOf(to);
  return pathname === path || (path !== '/' && pathname.startsWith(`${path}/`));
}

function contains(entry: MenuEntry, pathname: string): boolean {
  if (entry.target.kind === 'route' && routeCovers(entry.target.to, pathname)) return true;
  return entry.children.some((child) => contains(child, pathname));
}

/**
 * The top bar's tabs (SPEC.md section 2): the routes of the menu group the current page belongs
 * to, without the group's own "{product} Settings" entry. Empty outside any group.
 */
export function sectionTabs(menu: readonly MenuEntry[], pathname: string): MenuEntry[] {
  const group = menu.find((entry) => entry.children.length > 0 && contains(entry, pathname));
  if (!group) return [];
  return group.children.filter(
    (child) => child.target.kind === 'route' && child.name !== `${group.name} Settings`,
  );
}
