// The navigation module's public functions for other modules (docs/ARCHITECTURE.md, "Boundaries").
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { tenantScope } from '../../db/columns.ts';
import type { Executor } from '../../platform/database.ts';
import { embedsAndLinks, requiredFields, sidebarItems } from './schema.ts';

export { loadSidebarTree } from './sidebar.ts';
export { moveSidebarItem } from './menu-move.ts';

/** The title of the company's first 'Home Screen' required field, as a query of at most one row. */
const homeScreenTitles = (db: Executor, companyId: number | AnyPgColumn) =>
  db
    .select({ title: requiredFields.title })
    .from(requiredFields)
    .where(and(tenantScope(requiredFields, companyId), eq(requiredFields.type, 'Home Screen')))
    .orderBy(asc(requiredFields.order), asc(requiredFields.id))
    .limit(1);

/** The title of the company's first 'Home Screen' required field (null when it has none). */
export async function homeScreenTitle(db: Executor, companyId: number): Promise<string | null> {
  const [home] = await homeScreenTitles(db, companyId);
  return home?.title ?? null;
}

/** The same title as an SQL expression, for the company a column of the caller's query names. */
export const homeScreenTitleOf = (db: Executor, companyId: AnyPgColumn): SQL<string | null> =>
  sql<string | null>`(${homeScreenTitles(db, companyId)})`;

/** The embed slugs the company has set up (a Lotus resource page shows one of them). */
export async function embedSlugs(db: Executor, companyId: number): Promise<Set<string>> {
  const rows = await db
    .select({ slug: embedsAndLinks.slug })
    .from(embedsAndLinks)
    .where(tenantScope(embedsAndLinks, companyId));
  return new Set(rows.map((row) => row.slug));
}

/** A menu item another module adds for a company (its demo seeding). */
export type NewSidebarItem = Omit<typeof sidebarItems.$inferInsert, 'company_id' | 'id'>;

/** Adds menu items to the company's sidebar, in one statement. */
export async function addSidebarItems(
  db: Executor,
  companyId: number,
  items: readonly NewSidebarItem[],
): Promise<void> {
  if (!items.length) return;
  await db.insert(sidebarItems).values(items.map((item) => ({ ...item, company_id: companyId })));
}
