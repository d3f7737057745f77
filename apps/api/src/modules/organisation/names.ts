import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/database.ts';
import { companies } from './schema.ts';

/** A company's name (empty when there is no such company). */
export async function companyNameOf(db: Executor, companyId: number): Promise<string> {
  const [row] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.name ?? '';
}

/**
 * An active company for a public page: the one `companyId` names, or with null the portal's first
 * (lowest id); undefined when there is none.
 */
export async function activeCompany(
  db: Executor,
  companyId: number | null,
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(
      and(
        eq(companies.is_active, true),
        companyId === null ? undefined : eq(companies.id, companyId),
      ),
    )
    .orderBy(asc(companies.id))
    .limit(1);
  return row;
}

/** Whether company `companyId` exists (active or not). */
export async function companyExists(db: Executor, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId));
  return Boolean(row);
}
