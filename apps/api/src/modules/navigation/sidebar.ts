import { and, asc, eq, sql } from 'drizzle-orm';
import type { SidebarNode } from '@portal/contract/resources/navigation';
import type { PermissionSet } from '@portal/contract/permissions';
import type { Executor } from '../../platform/database.ts';
import { preparedQuery } from '../../platform/prepared.ts';
import { embedsAndLinks, sidebarItems } from './schema.ts';
import { tenantJoin, tenantScope } from '../../db/columns.ts';

/** Every menu item of a company (the placeholder `company`), ordered, with its embed's slug. */
const menuRows = preparedQuery('menu_rows', (db) =>
  db
    // Only what a node carries: every sign-in and /auth/me reads the whole menu.
    .select({
      item: {
        id: sidebarItems.id,
        name: sidebarItems.name,
        route: sidebarItems.route,
        external_link: sidebarItems.external_link,
        parent_id: sidebarItems.parent_id,
        order: sidebarItems.order,
        icon: sidebarItems.icon,
        embed_and_links_id: sidebarItems.embed_and_links_id,
        powerbi_report_id: sidebarItems.powerbi_report_id,
        permission: sidebarItems.permission,
      },
      slug: embedsAndLinks.slug,
    })
    .from(sidebarItems)
    .leftJoin(
      embedsAndLinks,
      tenantJoin(embedsAndLinks, sidebarItems.company_id, sidebarItems.embed_and_links_id),
    )
    .where(
      and(
        tenantScope(sidebarItems, sql.placeholder('company')),
        eq(sidebarItems.is_deleted, false),
      ),
    )
    .orderBy(asc(sidebarItems.order), asc(sidebarItems.id)),
);

/**
 * The company's sidebar as a tree, ordered, with embed slugs resolved and items the user lacks the
 * permission for left out (with their children). Super admins see everything.
 */
export async function loadSidebarTree(
  db: Executor,
  companyId: number,
  permissions: PermissionSet,
  seeAll = false,
): Promise<SidebarNode[]> {
  const rows = await menuRows(db).execute({ company: companyId });

  const nodes = new Map<number, SidebarNode>();
  for (const { item, slug } of rows) {
    if (
      item.permission &&
      !seeAll &&
      !(permissions as Record<string, true | undefined>)[item.permission]
    )
      continue;
    nodes.set(item.id, {
      id: item.id,
      name: item.name,
      route: item.route,
      external_link: item.external_link,
      parent_id: item.parent_id,
      is_root: item.parent_id === null,
      order: item.order,
      icon: item.icon,
      embed_and_links_id: item.embed_and_links_id,
      embedsAndLinks: slug ? { slug } : null,
      powerbi_report_id: item.powerbi_report_id,
      permissions: item.permission ? { title: item.permission } : null,
      children: [],
    });
  }
  const roots: SidebarNode[] = [];
  for (const node of nodes.values()) {
    if (node.parent_id === null) roots.push(node);
    else nodes.get(node.parent_id)?.children.push(node);
  }
  return roots;
}
