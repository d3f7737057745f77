import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { menuMoveMessages, type MenuMoveRequest } from '@portal/contract/shell';
import type { Database } from '../../platform/database.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { sidebarItems } from './schema.ts';
import { tenantScope } from '../../db/columns.ts';

/**
 * Menu Management's move (SPEC.md sections 4 and 7): item `id` gets `parent_id` (null: top level)
 * and the new parent's children take the order of `orderedIds`, all in one transaction. Only rows
 * of the caller's company are read or written; another company's item is a 404.
 */
export async function moveSidebarItem(
  db: Database,
  ctx: RequestContext,
  move: Required<Pick<MenuMoveRequest, 'id' | 'parent_id' | 'orderedIds'>>,
): Promise<void> {
  const { id, parent_id, orderedIds } = move;
  if (new Set(orderedIds).size !== orderedIds.length || !orderedIds.includes(id)) {
    throw AppError.badRequest(menuMoveMessages.orderMismatch, {
      orderedIds: [menuMoveMessages.orderMismatch],
    });
  }
  await db.transaction(async (tx) => {
    const live = and(tenantScope(sidebarItems, ctx.companyId), eq(sidebarItems.is_deleted, false));
    const items = await tx
      .select({ id: sidebarItems.id, parent_id: sidebarItems.parent_id })
      .from(sidebarItems)
      .where(live)
      // The company's menu is locked while it is reordered, so two moves cannot interleave.
      .for('update');
    const parents = new Map(items.map((item) => [item.id, item.parent_id]));

    const current = parents.get(id);
    if (current === undefined) throw AppError.notFound('Sidebar item');
    if (current === null) throw AppError.badRequest(menuMoveMessages.rootFixed);
    if (parent_id !== null) {
      if (!parents.has(parent_id)) throw AppError.notFound('Parent sidebar item');
      // The new parent must not be the item or sit below it.
      for (let at: number | null | undefined = parent_id; at != null; at = parents.get(at)) {
        if (at === id) throw AppError.badRequest(menuMoveMessages.intoItself);
      }
    }

    const siblings = items
      .filter((item) => item.id !== id && item.parent_id === parent_id)
      .map((item) => item.id);
    const expected = new Set([...siblings, id]);
    if (expected.size !== orderedIds.length || orderedIds.some((each) => !expected.has(each))) {
      throw AppError.badRequest(menuMoveMessages.orderMismatch, {
        orderedIds: [menuMoveMessages.orderMismatch],
      });
    }

    await tx
      .update(sidebarItems)
      .set({ parent_id, updated_at: sql`now()` })
      .where(and(live, eq(sidebarItems.id, id)));
    // One statement renumbers every sibling: order = position in orderedIds.
    const positions = sql.join(
      orderedIds.map((each, index) => sql`when ${each}::integer then ${index}::integer`),
      sql` `,
    );
    await tx
      .update(sidebarItems)
      .set({ order: sql`case ${sidebarItems.id} ${positions} end`, updated_at: sql`now()` })
      .where(
        and(
          live,
          inArray(sidebarItems.id, orderedIds),
          parent_id === null
            ? isNull(sidebarItems.parent_id)
            : eq(sidebarItems.parent_id, parent_id),
        ),
      );
  });
}
