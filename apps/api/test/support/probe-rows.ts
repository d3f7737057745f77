import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { TestApp } from './test-app.ts';

/**
 * One row of `table` for `companyId`, made from the catalogue alone: every NOT NULL column without
 * a default gets a value of its type, and every foreign key points at a row of the same company in
 * the table it references (made the same way when that table has none). The tenancy matrix probes
 * tables the demo seeds no row of with it, so their routes are tried on a row that exists.
 * Answers the new row's id, or null when the table's own checks refuse every generic value.
 */
export async function insertProbeRow(
  t: TestApp,
  table: string,
  companyId: number,
  depth = 0,
): Promise<number | null> {
  if (depth > 4) return null;
  const db = t.database.db;
  const columns = columnRows.parse(
    await db.execute(sql`
      select column_name, data_type, udt_name, is_nullable = 'YES' as nullable,
        column_default is not null or is_identity = 'YES' as defaulted
      from information_schema.columns
      where table_schema = 'public' and table_name = ${table}
      order by ordinal_position`),
  ).rows;
  if (!columns.length) return null;
  const keys = foreignKeyRows.parse(
    await db.execute(sql`
      select c.conname as name, f.relname as ref_table,
        array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as cols,
        array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
          join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as ref_cols
      from pg_constraint c
      join pg_class t on t.oid = c.conrelid
      join pg_class f on f.oid = c.confrelid
      where c.contype = 'f' and t.relname = ${table}`),
  ).rows;

  const values = new Map<string, SQL>();
  if (columns.some((column) => column.column_name === 'company_id'))
    values.set('company_id', sql`${companyId}`);
  const required = new Set(
    columns.filter((c) => !c.nullable && !c.defaulted).map((c) => c.column_name),
  );
  for (const key of keys) {
    if (!key.cols.some((column) => required.has(column) && !values.has(column))) continue;
    if (key.ref_table === 'companies') {
      for (const column of key.cols) values.set(column, sql`${companyId}`);
      continue;
    }
    const refId = await companyRow(t, key.ref_table, companyId, depth);
    if (refId === null) return null;
    const [row] = textRows.parse(
      await db.execute(
        sql`select ${sql.join(
          key.ref_cols.map(
            (column) => sql`${sql.identifier(column)}::text as ${sql.identifier(column)}`,
          ),
          sql`, `,
        )} from ${sql.identifier(key.ref_table)} where id = ${refId}`,
      ),
    ).rows;
    key.cols.forEach((column, i) => {
      const refColumn = key.ref_cols[i] ?? '';
      const value = row?.[refColumn];
      if (!values.has(column)) values.set(column, value === null ? sql`null` : sql`${value}`);
    });
  }
  // A text column held to a list by a check constraint takes the list's first value.
  const checks = checkRows.parse(
    await db.execute(sql`
      select pg_get_constraintdef(c.oid) as definition
      from pg_constraint c join pg_class t on t.oid = c.conrelid
      where c.contype = 'c' and t.relname = ${table}`),
  ).rows;
  const listedValue = (column: string) => {
    const pattern = new RegExp(`\\(?${column}\\)? = ANY \\(+ARRAY\\['([^']*)'`);
    for (const check of checks) {
      const listed = pattern.exec(check.definition)?.[1];
      if (listed !== undefined) return sql`${listed}`;
    }
    return undefined;
  };
  for (const column of columns) {
    if (values.has(column.column_name) || !required.has(column.column_name)) continue;
    values.set(column.column_name, listedValue(column.column_name) ?? valueOf(column));
  }
  const names = [...values.keys()];
  try {
    const inserted = idRows.parse(
      await db.execute(sql`
        insert into ${sql.identifier(table)} (${sql.join(
          names.map((name) => sql.identifier(name)),
          sql`, `,
        )})
        values (${sql.join(
          names.map((name) => values.get(name) ?? sql`null`),
          sql`, `,
        )})
        returning id`),
    );
    return inserted.rows[0]?.id ?? null;
  } catch {
    return null;
  }
}

/** A row of `table` belonging to the company (made when there is none). */
async function companyRow(t: TestApp, table: string, companyId: number, depth: number) {
  const hasCompany = columnRows.parse(
    await t.database.db.execute(sql`
      select column_name, data_type, udt_name, false as nullable, false as defaulted
      from information_schema.columns
      where table_schema = 'public' and table_name = ${table} and column_name = 'company_id'`),
  ).rows.length;
  const found = idRows.parse(
    await t.database.db.execute(
      hasCompany
        ? sql`select id from ${sql.identifier(table)} where company_id = ${companyId} order by id limit 1`
        : sql`select id from ${sql.identifier(table)} order by id limit 1`,
    ),
  ).rows[0];
  return found ? found.id : insertProbeRow(t, table, companyId, depth + 1);
}

/** A value of the column's type that most checks accept. */
function valueOf(column: z.infer<typeof columnRow>): SQL {
  const unique = `probe-${column.column_name}-${Math.random().toString(36).slice(2, 8)}`;
  switch (column.data_type) {
    case 'integer':
    case 'bigint':
    case 'smallint':
    case 'numeric':
    case 'double precision':
    case 'real':
      return sql`1`;
    case 'boolean':
      return sql`false`;
    case 'date':
      return sql`current_date`;
    case 'timestamp with time zone':
    case 'timestamp without time zone':
      return sql`now()`;
    case 'time without time zone':
      return sql`'09:00'`;
    case 'json':
    case 'jsonb':
      return sql`'{}'`;
    case 'ARRAY':
      return sql`'{}'`;
    case 'uuid':
      return sql`${crypto.randomUUID()}`;
    case 'bytea':
      return sql`'\\x00'::bytea`;
    case 'USER-DEFINED':
      return sql`(select enumlabel::text from pg_enum e join pg_type ty on ty.oid = e.enumtypid
        where ty.typname = ${column.udt_name} order by e.enumsortorder limit 1)::${sql.identifier(column.udt_name)}`;
    default:
      return sql`${unique}`;
  }
}

const columnRow = z.object({
  column_name: z.string(),
  data_type: z.string(),
  udt_name: z.string(),
  nullable: z.boolean(),
  defaulted: z.boolean(),
});
const columnRows = z.object({ rows: z.array(columnRow) });
const foreignKeyRows = z.object({
  rows: z.array(
    z.object({
      name: z.string(),
      ref_table: z.string(),
      cols: z.array(z.string()),
      ref_cols: z.array(z.string()),
    }),
  ),
});
const checkRows = z.object({ rows: z.array(z.object({ definition: z.string() })) });
const textRows = z.object({ rows: z.array(z.record(z.string(), z.string().nullable())) });
const idRows = z.object({ rows: z.array(z.object({ id: z.coerce.number() })) });
