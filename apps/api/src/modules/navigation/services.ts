import { and, count, eq } from 'drizzle-orm';
import {
  embeds as embedResource,
  requiredFields as requiredFieldResource,
  sidebarItems as sidebarItemResource,
  type Embed,
} from '@portal/contract/resources/navigation';
import { tenantResource } from '../../platform/module.ts';
import type { Executor } from '../../platform/database.ts';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { createResourceService } from '../../platform/resources/service.ts';
import { embedsAndLinks, requiredFields, sidebarItems } from './schema.ts';
import { tenantScope } from '../../db/columns.ts';

export const sidebarItemService = createResourceService({
  definition: sidebarItemResource,
  table: sidebarItems,
  tenantColumn: 'company_id',
  hooks: {
    // A root item is one without a parent; derived, so it can never disagree with parent_id.
    async decorate(rows) {
      for (const row of rows) row.is_root = row.parent_id === null;
    },
  },
});
export const requiredFieldService = tenantResource(requiredFieldResource, requiredFields);

export const embedService = createResourceService({
  definition: embedResource,
  table: embedsAndLinks,
  tenantColumn: 'company_id',
  hooks: {
    /** An embed the sidebar still links to stays; items already deleted let go of it. */
    async beforeRemove(row, _ctx, tx) {
      const linked = and(
        tenantScope(sidebarItems, Number(row.company_id)),
        eq(sidebarItems.embed_and_links_id, row.id),
      );
      const [inUse] = await tx
        .select({ total: count() })
        .from(sidebarItems)
        .where(and(linked, eq(sidebarItems.is_deleted, false)));
      if (Number(inUse?.total ?? 0) > 0)
        throw AppError.conflict('A sidebar item links to this embed; remove the item first');
      await tx.update(sidebarItems).set({ embed_and_links_id: null }).where(linked);
    },
  },
});

/** The caller's company's embed with this slug (the /e/{slug} page), or a 404. */
export async function embedBySlug(db: Executor, ctx: RequestContext, slug: string): Promise<Embed> {
  const [found] = await db
    .select({
      id: embedsAndLinks.id,
      company_id: embedsAndLinks.company_id,
      slug: embedsAndLinks.slug,
      title: embedsAndLinks.title,
      url: embedsAndLinks.url,
      created_at: embedsAndLinks.created_at,
    })
    .from(embedsAndLinks)
    .where(and(tenantScope(embedsAndLinks, ctx.companyId), eq(embedsAndLinks.slug, slug)));
  if (!found) throw AppError.notFound(embedResource.label.one);
  return found;
}
