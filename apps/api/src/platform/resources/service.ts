import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { ListQuery } from '@portal/contract/list-query';
import type { ResourceDefinition } from '@portal/contract/resource';
import type { Database, Tx } from '../database.ts';
import { AppError } from '../errors.ts';
import { isSuperAdmin, type RequestContext } from '../context.ts';

/** A table the engine can serve: an `id` and either a `company_id` (tenant) or none (global). */
export type ResourceTable = PgTable & { id: PgColumn };

export type Row = Record<string, unknown> & { id: number };

/** Belongs-to relations a GET may load with `related=name`. */
export interface Relation {
  table: ResourceTable;
  /** the related row's schema: a resource's definition, or any row schema (global tables) */
  definition: { row: z.ZodObject };
  /** the column of this table holding the related row's id */
  column: string;
}

/** The hooks where a resource differs from plain CRUD; all run inside the write's transaction. */
export interface ResourceHooks<Def extends ResourceDefinition> {
  /** Column values for a create (defaults to the payload itself). */
  beforeCreate?(
    input: z.output<Def['create']>,
    ctx: RequestContext,
    tx: Tx,
  ): Promise<Record<string, unknown>>;
  /** Column values for an update (defaults to the payload itself). */
  beforeUpdate?(
    input: z.output<Def['update']>,
    existing: Row,
    ctx: RequestContext,
    tx: Tx,
  ): Promise<Record<string, unknown>>;
  /** Writes beside the row itself (join tables); gets the raw payload. */
  afterWrite?(row: Row, input: Record<string, unknown>, ctx: RequestContext, tx: Tx): Promise<void>;
  /** May refuse a delete or deactivate/activate (throw an AppError). */
  beforeRemove?(row: Row, ctx: RequestContext, tx: Tx): Promise<void>;
  /** Adds computed fields to rows on the way out. */
  decorate?(rows: Row[], ctx: RequestContext, db: Database | Tx): Promise<void>;
}

export interface ResourceServiceOptions<Def extends ResourceDefinition> {
  definition: Def;
  table: ResourceTable;
  /** `company_id` for tenant tables; `id` for the companies table itself. */
  tenantColumn: 'company_id' | 'id';
  relations?: Record<string, Relation>;
  hooks?: ResourceHooks<Def>;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A field whose values come from a fixed list (enum, literal): filtered by equality, not contains. */
function isChoiceField(field: z.ZodType | undefined): boolean {
  let inner: unknown = field;
  while (
    inner instanceof z.ZodOptional ||
    inner instanceof z.ZodNullable ||
    inner instanceof z.ZodDefault
  ) {
    inner = inner.unwrap();
  }
  return inner instanceof z.ZodEnum || inner instanceof z.ZodLiteral;
}

/**
 * Generic list/get/create/update/remove/activate for one declared resource. Every query goes through
 * `scope()`, which takes the company from the caller, never from the request.
 */
export function createResourceService<Def extends ResourceDefinition>(
  options: ResourceServiceOptions<Def>,
) {
  const { definition, table, tenantColumn } = options;
  const hooks: ResourceHooks<Def> = options.hooks ?? {};
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const column = (name: string): PgColumn => {
    const found = columns[name];
    if (!found) throw new Error(`${definition.name}: no column ${name}`);
    return found;
  };
  const idColumn = column('id');
  const scopeColumn = column(tenantColumn);
  // Only the row schema's fields leave the database; anything else (hashes, internals) stays.
  const selection = Object.fromEntries(
    Object.keys(definition.row.shape)
      .filter((key) => key in columns)
      .map((key) => [key, column(key)]),
  );
  const label = definition.label.one;
  // filter[field] on free text is a case-insensitive contains (what a column filter box means);
  // ids, numbers, booleans, dates and fixed choices (enums) stay equality.
  const containsFields = new Set(
    definition.queryFields.filter(
      (field) =>
        columns[field]?.dataType === 'string' &&
        ['PgText', 'PgVarchar'].includes(columns[field]?.columnType ?? '') &&
        !isChoiceField(definition.row.shape[field]),
    ),
  );

  function scope(ctx: RequestContext): SQL | undefined {
    return isSuperAdmin(ctx) ? undefined : eq(scopeColumn, ctx.companyId);
  }

  function filterValue(field: string, raw: string): unknown {
    const col = column(field);
    if (raw === 'null') return null;
    if (col.dataType === 'boolean') {
      if (raw !== 'true' && raw !== 'false')
        throw AppError.badRequest(`filter[${field}] takes true or false`);
      return raw === 'true';
    }
    if (col.dataType === 'number') {
      if (!/^-?\d{1,15}$/.test(raw))
        throw AppError.badRequest(`filter[${field}] takes a whole number`);
      return Number(raw);
    }
    return raw;
  }

  function listWhere(ctx: RequestContext, query: ListQuery): SQL | undefined {
    const conditions: (SQL | undefined)[] = [scope(ctx)];
    for (const [field, raw] of Object.entries(query.filter ?? {})) {
      if (!(definition.queryFields as readonly string[]).includes(field)) {
        throw AppError.badRequest(
          `Cannot filter ${definition.label.many.toLowerCase()} by ${field}`,
        );
      }
      const value = filterValue(field, raw);
      if (value === null) conditions.push(isNull(column(field)));
      else if (typeof value === 'string' && containsFields.has(field))
        conditions.push(ilike(column(field), `%${escapeLike(value)}%`));
      else conditions.push(eq(column(field), value));
    }
    if (query.search) {
      if (!definition.searchFields.length) {
        throw AppError.badRequest(
          `${definition.label.many} cannot be searched; filter by a field instead`,
        );
      }
      const term = `%${escapeLike(query.search)}%`;
      conditions.push(or(...definition.searchFields.map((field) => ilike(column(field), term))));
    }
    return and(...conditions);
  }

  function orderBy(sort: string | undefined) {
    const spec = sort ?? definition.defaultSort;
    const descending = spec.startsWith('-');
    const field = descending ? spec.slice(1) : spec;
    if (!(definition.queryFields as readonly string[]).includes(field)) {
      throw AppError.badRequest(`Cannot sort ${definition.label.many.toLowerCase()} by ${field}`);
    }
    const col = column(field);
    // id as the tie-breaker keeps pages stable when many rows share a sort value.
    return descending ? [desc(col), desc(idColumn)] : [asc(col), asc(idColumn)];
  }

  async function loadRelated(
    db: Database | Tx,
    ctx: RequestContext,
    rows: Row[],
    names: string[] = [],
  ) {
    for (const name of names) {
      const relation = options.relations?.[name];
      if (!relation) throw AppError.badRequest(`${label} has no related ${name}`);
      const ids = [
        ...new Set(
          rows.map((row) => row[relation.column]).filter((v): v is number => typeof v === 'number'),
        ),
      ];
      const relatedColumns = getTableColumns(relation.table) as Record<string, PgColumn>;
      const relatedSelection = Object.fromEntries(
        Object.keys(relation.definition.row.shape)
          .filter((key) => key in relatedColumns)
          .flatMap((key) => (relatedColumns[key] ? [[key, relatedColumns[key]] as const] : [])),
      );
      const relatedId = relatedColumns.id;
      const relatedCompany = relatedColumns.company_id;
      const found =
        ids.length && relatedId
          ? await db
              .select(relatedSelection)
              .from(relation.table)
              .where(
                and(
                  inArray(relatedId, ids),
                  relatedCompany && !isSuperAdmin(ctx)
                    ? eq(relatedCompany, ctx.companyId)
                    : undefined,
                ),
              )
          : [];
      const byId = new Map(found.map((item) => [item.id, item]));
      for (const row of rows) row[name] = byId.get(row[relation.column]) ?? null;
    }
  }

  async function findRow(
    db: Database | Tx,
    ctx: RequestContext,
    id: number,
    lock = false,
  ): Promise<Row> {
    const query = db
      .select(selection)
      .from(table)
      .where(and(eq(idColumn, id), scope(ctx)));
    const [row] = (await (lock ? query.for('update') : query)) as Row[];
    if (!row) throw AppError.notFound(label);
    return row;
  }

  async function present(db: Database | Tx, ctx: RequestContext, rows: Row[], related?: string[]) {
    await loadRelated(db, ctx, rows, related);
    if (hooks.decorate) await hooks.decorate(rows, ctx, db);
    return rows;
  }

  return {
    definition,
    relations: options.relations ?? {},

    async list(db: Database, ctx: RequestContext, query: ListQuery) {
      const where = listWhere(ctx, query);
      const [rows, [totals]] = await Promise.all([
        db
          .select(selection)
          .from(table)
          .where(where)
          .orderBy(...orderBy(query.sort))
          .limit(query.perPage)
          .offset(query.page * query.perPage),
        db.select({ total: count() }).from(table).where(where),
      ]);
      const results = await present(db, ctx, rows as Row[], query.related);
      return { results, total: Number(totals?.total ?? 0) };
    },

    async count(db: Database, ctx: RequestContext, query: ListQuery) {
      const [totals] = await db.select({ total: count() }).from(table).where(listWhere(ctx, query));
      return { total: Number(totals?.total ?? 0) };
    },

    async get(db: Database, ctx: RequestContext, id: number, related?: string[]) {
      const row = await findRow(db, ctx, id);
      const [presented] = await present(db, ctx, [row], related);
      return presented ?? row;
    },

    async create(db: Database, ctx: RequestContext, input: z.output<Def['create']>) {
      return db.transaction(async (tx) => {
        const values = hooks.beforeCreate
          ? await hooks.beforeCreate(input, ctx, tx)
          : Object.assign({}, input);
        const tenantValues =
          tenantColumn === 'company_id' ? { ...values, company_id: ctx.companyId } : values;
        const inserted = await tx
          .insert(table)
          .values(onlyColumns(tenantValues))
          .returning(selection);
        const row = inserted[0] as Row;
        if (hooks.afterWrite) await hooks.afterWrite(row, input, ctx, tx);
        const [presented] = await present(tx, ctx, [row]);
        return presented ?? row;
      });
    },

    async update(db: Database, ctx: RequestContext, id: number, input: z.output<Def['update']>) {
      return db.transaction(async (tx) => {
        const existing = await findRow(tx, ctx, id, true);
        const values = hooks.beforeUpdate
          ? await hooks.beforeUpdate(input, existing, ctx, tx)
          : Object.assign({}, input);
        const changes = onlyColumns(values);
        let row = existing;
        if (Object.keys(changes).length) {
          const updated = await tx
            .update(table)
            .set({ ...changes, ...('updated_at' in columns ? { updated_at: sql`now()` } : {}) })
            .where(and(eq(idColumn, id), scope(ctx)))
            .returning(selection);
          row = updated[0] as Row;
        }
        if (hooks.afterWrite) await hooks.afterWrite(row, input, ctx, tx);
        const [presented] = await present(tx, ctx, [row]);
        return presented ?? row;
      });
    },

    /** DELETE: deactivates, flags or removes, as the resource declares. */
    async remove(db: Database, ctx: RequestContext, id: number) {
      return db.transaction(async (tx) => {
        const existing = await findRow(tx, ctx, id, true);
        if (hooks.beforeRemove) await hooks.beforeRemove(existing, ctx, tx);
        const where = and(eq(idColumn, id), scope(ctx));
        if (definition.deleteMode === 'remove') {
          await tx.delete(table).where(where);
          return (await present(tx, ctx, [existing]))[0] ?? existing;
        }
        const flag =
          definition.deleteMode === 'deactivate' ? { is_active: false } : { is_deleted: true };
        const updated = (await tx
          .update(table)
          .set(flag)
          .where(where)
          .returning(selection)) as Row[];
        return (await present(tx, ctx, updated))[0] ?? existing;
      });
    },

    async activate(db: Database, ctx: RequestContext, id: number) {
      return db.transaction(async (tx) => {
        const existing = await findRow(tx, ctx, id, true);
        if (hooks.beforeRemove) await hooks.beforeRemove(existing, ctx, tx);
        const updated = (await tx
          .update(table)
          .set({ is_active: true })
          .where(and(eq(idColumn, id), scope(ctx)))
          .returning(selection)) as Row[];
        return (await present(tx, ctx, updated))[0] ?? existing;
      });
    },
  };

  /** Keeps only keys that are columns: payload-only fields (join-table ids) are handled in hooks. */
  function onlyColumns(values: Record<string, unknown>): Record<string, unknown> {
    return Object.fromEntries(
      Object.entries(values).filter(
        ([key, value]) => key in columns && key !== 'id' && value !== undefined,
      ),
    );
  }
}

export type ResourceService = ReturnType<typeof createResourceService>;
