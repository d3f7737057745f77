import { and, eq, getTableColumns, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FieldErrors } from '@portal/contract/envelope';
import type { ResourceDefinition, ResourceReference } from '@portal/contract/resource';
import type { Executor } from '../database.ts';
import { AppError } from '../errors.ts';
import { isSuperAdmin, type RequestContext } from '../context.ts';

/** A table the engine can serve: an `id` and either a `company_id` (tenant) or none (global). */
export type ResourceTable = PgTable & { id: PgColumn };

/**
 * The served resources by name, filled as each service is created, so a declared reference
 * (`{ resource: 'products' }`) finds its table without the referring module importing it.
 */
const registry = new Map<string, { table: ResourceTable; definition: ResourceDefinition }>();

export function registerResource(definition: ResourceDefinition, table: ResourceTable) {
  registry.set(definition.name, { table, definition });
}

/** Every served resource with its table (the index check of test/api/list-indexes.test.ts). */
export const registeredResources = () => [...registry.values()];

function target(reference: ResourceReference) {
  const found = registry.get(reference.resource);
  if (!found) throw new Error(`reference to ${reference.resource}, which is not a resource`);
  const columns = getTableColumns(found.table) as Record<string, PgColumn>;
  const labelFields = reference.labelFields ?? ['name'];
  const labels = labelFields.map((field) => {
    const col = columns[field];
    if (!col) throw new Error(`${reference.resource} has no column ${field}`);
    return [field, col] as const;
  });
  return { ...found, columns, labels };
}

/** The company condition on a referenced table: the caller's company, or none for a super admin. */
function companyScope(
  columns: Record<string, PgColumn>,
  ctx: RequestContext,
  companyId?: number,
): SQL | undefined {
  const col = columns.company_id;
  if (!col) return undefined;
  if (companyId !== undefined) return eq(col, companyId);
  return isSuperAdmin(ctx) ? undefined : eq(col, ctx.companyId);
}

const idsIn = (rows: Record<string, unknown>[], field: string) => [
  ...new Set(rows.map((row) => row[field]).filter((v): v is number => typeof v === 'number')),
];

/**
 * The references' names as columns of a list's own query: one correlated subquery each (the
 * referenced row of the row's company), so a page costs no extra round trip per reference. The
 * name is built as attachReferences builds it: the label fields that are not empty, space-joined.
 */
export function referenceColumns(
  from: ResourceTable,
  references: Readonly<Record<string, ResourceReference>> | undefined,
  /** The caller's company (a value or a placeholder); undefined for the super admin's reads. */
  company: unknown,
): Record<string, SQL> {
  const own = getTableColumns(from) as Record<string, PgColumn>;
  // Written with explicit names: drizzle leaves columns unqualified inside a select list, and the
  // subquery must tell the outer row's columns from the referenced row's.
  const outer = (column: PgColumn) =>
    sql`${sql.identifier(getTableName(from))}.${sql.identifier(column.name)}`;
  return Object.fromEntries(
    Object.entries(references ?? {}).flatMap(([field, reference], index) => {
      const pointer = own[field];
      const found = target(reference);
      const refId = found.columns.id;
      if (!pointer || !refId) return [];
      // Aliased: a reference to the same table (a user's supervisor) must not shadow the outer row.
      const refName = sql.identifier(`ref_${index}`);
      const inner = (column: PgColumn) => sql`${refName}.${sql.identifier(column.name)}`;
      const parts = found.labels.map(([, column]) => sql`nullif(${inner(column)}::text, '')`);
      const refCompany = found.columns.company_id;
      const conditions = [sql`${inner(refId)} = ${outer(pointer)}`];
      if (refCompany && own.company_id)
        conditions.push(sql`${inner(refCompany)} = ${outer(own.company_id)}`);
      else if (refCompany && company !== undefined)
        conditions.push(sql`${inner(refCompany)} = ${company}`);
      const name = sql<
        string | null
      >`(select concat_ws(' ', ${sql.join(parts, sql`, `)}) from ${sql.identifier(getTableName(found.table))} ${refName} where ${sql.join(conditions, sql` and `)})`;
      return [[reference.as, name] as const];
    }),
  );
}

/**
 * One column of the row that `pointer` points to (its company's row), as a correlated subquery of a
 * single-table select over `from`: written with explicit names, as referenceColumns is.
 */
export function pointedColumn(
  from: ResourceTable,
  pointer: string,
  to: ResourceTable,
  column: string,
): SQL {
  const outer = (name: string) =>
    sql`${sql.identifier(getTableName(from))}.${sql.identifier(name)}`;
  const inner = (name: string) => sql`pointed.${sql.identifier(name)}`;
  return sql`(select ${inner(column)} from ${sql.identifier(getTableName(to))} pointed where ${inner('company_id')} = ${outer('company_id')} and ${inner('id')} = ${outer(pointer)})`;
}

/** Adds each reference's `as` name to every row: one query per declared reference, not per row. */
export async function attachReferences(
  db: Executor,
  ctx: RequestContext,
  rows: Record<string, unknown>[],
  references: Readonly<Record<string, ResourceReference>> | undefined,
) {
  for (const [field, reference] of Object.entries(references ?? {})) {
    const { table, columns, labels } = target(reference);
    const ids = idsIn(rows, field);
    const found = ids.length
      ? await db
          .select({ id: table.id, ...Object.fromEntries(labels) })
          .from(table)
          .where(and(inArray(table.id, ids), companyScope(columns, ctx)))
      : [];
    const names = new Map(
      found.map((item: Record<string, unknown>) => [
        item.id,
        labels
          .map(([key]) => item[key])
          .filter((part) => part !== null && part !== undefined && part !== '')
          .join(' '),
      ]),
    );
    for (const row of rows) row[reference.as] = names.get(row[field]) ?? null;
  }
}

/**
 * Refuses ids that are not rows of the company (400 with an error on each field); `prefix` names
 * nested payload paths (`lines.2.`) and `fieldOf` maps a row index to that prefix.
 */
export async function checkReferences(
  db: Executor,
  companyId: number,
  rows: Record<string, unknown>[],
  references: Readonly<Record<string, ResourceReference>> | undefined,
  fieldOf: (index: number, field: string) => string = (_, field) => field,
) {
  const errors: FieldErrors = {};
  for (const [field, reference] of Object.entries(references ?? {})) {
    const ids = idsIn(rows, field);
    if (!ids.length) continue;
    const { table, columns, definition } = target(reference);
    const found = await db
      .select({ id: table.id })
      .from(table)
      .where(and(inArray(table.id, ids), eq(columns.company_id ?? table.id, companyId)));
    const known = new Set(found.map((item) => item.id));
    rows.forEach((row, index) => {
      const value = row[field];
      if (typeof value === 'number' && !known.has(value))
        errors[fieldOf(index, field)] = [`${definition.label.one} not found`];
    });
  }
  if (Object.keys(errors).length)
    throw AppError.badRequest(Object.values(errors)[0]?.[0] ?? 'Invalid reference', errors);
}
