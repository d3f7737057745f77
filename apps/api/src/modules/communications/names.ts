import { and, eq, ne, sql } from 'drizzle-orm';
import { tenantScope } from '../../db/columns.ts';
import type { Tx } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { type bulletinTemplates, type recipientLists } from './schema.ts';

/**
 * A list's or a template's name is free in its company whatever its case (409 otherwise); the
 * table's unique index on lower(name) holds it when two saves race.
 */
export async function assertNameFree(
  tx: Tx,
  table: typeof recipientLists | typeof bulletinTemplates,
  companyId: number,
  name: string,
  message: string,
  exceptId?: number,
) {
  const [taken] = await tx
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        tenantScope(table, companyId),
        eq(sql`lower(${table.name})`, name.trim().toLowerCase()),
        exceptId === undefined ? undefined : ne(table.id, exceptId),
      ),
    )
    .limit(1);
  if (taken) throw AppError.conflict(message);
}
