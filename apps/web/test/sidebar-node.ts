import type { SidebarNode } from '@portal/contract/resources/navigation';

/** A sidebar item for the tests: a root item with no target, no permission and no children. */
export const sidebarNode = (fields: Partial<SidebarNode>): SidebarNode => ({
  id: 1,
  name: 'Item',
  route: null,
  external_link: null,
  parent_id: null,
  is_root: true,
  order: 0,
  icon: null,
  embed_and_links_id: null,
  embedsAndLinks: null,
  powerbi_report_id: null,
  permissions: null,
  children: [],
  ...fields,
});
