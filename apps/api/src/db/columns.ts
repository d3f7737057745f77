import { and, eq, sql, type Placeholder } from 'drizzle-orm';
import {
  boolean,
  customType,
  foreignKey,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  type AnyPgColumn,
  type PgColumnBuilderBase,
} from 'drizzle-orm/pg-core';

/**
 * timestamptz that reads as an ISO-8601 string, whichever driver (PGlite or node-postgres) and
 * whatever the driver hands back, so rows can go straight into JSON replies.
 */
export const isoTimestamp = customType<{ data: string; driverData: string | Date }>({
  dataType: () => 'timestamp with time zone',
  fromDriver: (value) => new Date(value).toISOString(),
  toDriver: (value) => value,
});

export const createdAt = () =>
  isoTimestamp('created_at')
    .notNull()
    .default(sql`now()`);
export const updatedAt = () =>
  isoTimestamp('updated_at')
    .notNull()
    .default(sql`now()`);

/**
 * The columns every tenant-owned table starts with. Ids come from one identity per table, so an id
 * alone is unique too, but the primary key leads with company_id: the table can be distributed by
 * company on Citus and every tenant lookup lands on one shard.
 */
export const tenantColumns = () => ({
  company_id: integer().notNull(),
  id: integer().notNull().generatedByDefaultAsIdentity(),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

export const tenantPrimaryKey = (table: { company_id: AnyPgColumn; id: AnyPgColumn }) =>
  primaryKey({ columns: [table.company_id, table.id] });

export const activeFlag = () => boolean().notNull().default(true);

/**
 * The table of a company's list of named things (categories, adjustment reasons, manufacturers):
 * the tenant columns, a `name` unique within the company, then `columns`; keyed like every tenant
 * table and tied to its company (`companies`, the organisation module's table, handed in).
 */
export const namedTenantTable = <
  Name extends string,
  Columns extends Record<string, PgColumnBuilderBase>,
>(
  tableName: Name,
  companies: { id: AnyPgColumn },
  columns: Columns,
) =>
  pgTable(tableName, { ...tenantColumns(), name: text().notNull(), ...columns }, (t) => [
    tenantPrimaryKey(t),
    foreignKey({ columns: [t.company_id], foreignColumns: [companies.id] }),
    unique().on(t.company_id, t.name),
  ]);

/** A company-led foreign key: `column` names a row of `target` in the same company. */
export const tenantForeignKey = (
  companyId: AnyPgColumn,
  column: AnyPgColumn,
  target: { company_id: AnyPgColumn; id: AnyPgColumn },
) => foreignKey({ columns: [companyId, column], foreignColumns: [target.company_id, target.id] });

/**
 * The join (or lookup) condition for the row of `target` that `id` names in company `companyId`
 * (columns of the joined table, or values): the query-side partner of tenantForeignKey, so a join
 * never crosses companies.
 */
export const tenantJoin = (
  target: { company_id: AnyPgColumn; id: AnyPgColumn },
  companyId: AnyPgColumn | number | Placeholder,
  id: AnyPgColumn | number | Placeholder,
) => and(eq(target.company_id, companyId), eq(target.id, id));

/**
 * The tenant condition of a hand-written query: `table` rows of one company, given as the caller's
 * context (anything with `companyId`), a company id, or another table's company_id column (a join
 * within the company). Module code uses this, never a raw `eq(x.company_id, ...)`
 * (apps/api/test/unit/tenant-scope.test.ts counts what is left).
 */
export const tenantScope = (
  table: { company_id: AnyPgColumn },
  company: { companyId: number } | number | Placeholder | AnyPgColumn,
) =>
  eq(
    table.company_id,
    typeof company === 'object' && 'companyId' in company ? company.companyId : company,
  );
