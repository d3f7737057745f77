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
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ListQuery } from '@portal/contract/list-query';
import type { Permission } from '@portal/contract/permissions';
import type { ResourceDefinition, TransitionBody } from '@portal/contract/resource';
import type { Database, Tx } from '../database.ts';
import { AppError } from '../errors.ts';
import { hasPermission, isSuperAdmin, type RequestContext } from '../context.ts';
import { changesBetween, readHistory, recordHistory, snapshot } from './history.ts';
import { linesEngine, type LinesOptions } from './lines.ts';
import {
  attachReferences,
  checkReferences,
  registerResource,
  type ResourceTable,
} from './references.ts';

export type { ResourceTable } from './references.ts';

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

/** What an action's server side gets besides the row and its body. */
export interface ActionContext {
  ctx: RequestContext;
  tx: Tx;
  /** Creates a row of this resource as POST would (validated, lines priced, history written). */
  create(input: unknown): Promise<Row>;
  /** The row with its lines (resources with lines). */
  withLines(row: Row): Promise<Row>;
}

/** The server side of a declared action: does the work, returns the row to reply with. */
export type ActionHandler = (
  row: Row,
  input: Record<string, unknown>,
  context: ActionContext,
) => Promise<Row>;

export interface ResourceServiceOptions<Def extends ResourceDefinition> {
  definition: Def;
  table: ResourceTable;
  /** `company_id` for tenant tables; `id` for the companies table itself. */
  tenantColumn: 'company_id' | 'id';
  relations?: Record<string, Relation>;
  hooks?: ResourceHooks<Def>;
  /** The lines' table and the server's prices, for a definition that declares `lines`. */
  lines?: LinesOptions;
  /** One handler per action the definition declares. */
  actions?: Record<string, ActionHandler>;
  /** Side effects of a status change, in its transaction, after the row moved. */
  onTransition?(row: Row, from: string, ctx: RequestContext, tx: Tx): Promise<void>;
  /** Routes beside the standard ones (`/orders/count/today`), mounted before them. */
  routes?(app: FastifyInstance, db: Database): void;
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
  const write = `write_${definition.name}` as Permission;
  const machine = definition.statuses;
  if (machine) column('status');
  const declaredActions = definition.actions ?? {};
  for (const name of new Set([
    ...Object.keys(declaredActions),
    ...Object.keys(options.actions ?? {}),
  ])) {
    if (!declaredActions[name] || !options.actions?.[name])
      throw new Error(`${definition.name}: action ${name} needs a declaration and a handler`);
    if (['transition', 'history', 'activate'].includes(name))
      throw new Error(`${definition.name}: ${name} is a reserved path, not an action name`);
  }
  if (Boolean(definition.lines) !== Boolean(options.lines))
    throw new Error(`${definition.name}: lines need a declaration and a lines table`);
  const lines =
    definition.lines && options.lines ? linesEngine(definition.lines, options.lines) : undefined;
  const keepsHistory = definition.history === true;
  registerResource(definition, table);
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

  const statusOf = (row: Row) => String(row.status);
  /** The company a row belongs to (its company_id; the companies table's rows are their own). */
  const companyOf = (row: Row) => {
    const value = tenantColumn === 'id' ? row.id : row.company_id;
    if (typeof value !== 'number') throw new Error(`${definition.name}: rows need company_id`);
    return value;
  };

  /** The states the caller may move this row to now: its allowed_transitions. */
  function allowedTransitions(ctx: RequestContext, row: Row): string[] {
    if (!machine) return [];
    const status = statusOf(row);
    const targets = machine.transitions
      .filter((move) => move.from.includes(status) && hasPermission(ctx, move.permission ?? write))
      .map((move) => move.to);
    return [...new Set(targets)];
  }

  /** The actions the caller may run on this row now: its allowed_actions. */
  function allowedActions(ctx: RequestContext, row: Row): string[] {
    return Object.entries(declaredActions)
      .filter(
        ([, action]) =>
          (!action.allowedIn || action.allowedIn.includes(statusOf(row))) &&
          hasPermission(ctx, action.permission ?? write),
      )
      .map(([name]) => name);
  }

  /** A row on its way out: relations asked for, reference names, lines, allowed moves. */
  async function present(
    db: Database | Tx,
    ctx: RequestContext,
    rows: Row[],
    related?: string[],
    withLines = false,
  ) {
    await loadRelated(db, ctx, rows, related);
    await attachReferences(db, ctx, rows, definition.references);
    if (withLines && lines) await lines.read(db, ctx, rows);
    for (const row of rows) {
      if (machine) row.allowed_transitions = allowedTransitions(ctx, row);
      if (definition.actions) row.allowed_actions = allowedActions(ctx, row);
    }
    if (hooks.decorate) await hooks.decorate(rows, ctx, db);
    return rows;
  }

  /** One row as a reply carries it (with its lines); presented rows are fresh objects. */
  async function presentOne(db: Database | Tx, ctx: RequestContext, row: Row, related?: string[]) {
    const [presented] = await present(db, ctx, [{ ...row }], related, true);
    return presented ?? row;
  }

  /** PATCH and DELETE only in the states the machine allows editing in (409 otherwise). */
  function assertEditable(row: Row) {
    if (machine?.editableIn && !machine.editableIn.includes(statusOf(row)))
      throw AppError.conflict(machine.messages.notEditable);
  }

  /** Stores the server's totals of a row with lines. */
  async function writeLines(tx: Tx, ctx: RequestContext, row: Row, input: unknown): Promise<Row> {
    if (!lines || !Array.isArray(input)) return row;
    const totals = await lines.write(
      tx,
      ctx,
      { id: row.id, company_id: companyOf(row) },
      input as Record<string, unknown>[],
    );
    const updated = await tx
      .update(table)
      .set({ ...totals, ...('updated_at' in columns ? { updated_at: sql`now()` } : {}) })
      .where(and(eq(idColumn, row.id), eq(scopeColumn, companyOf(row))))
      .returning(selection);
    return (updated[0] as Row | undefined) ?? row;
  }

  async function createIn(tx: Tx, ctx: RequestContext, input: z.output<Def['create']>) {
    const values = hooks.beforeCreate
      ? await hooks.beforeCreate(input, ctx, tx)
      : Object.assign({}, input);
    if (machine) values.status = machine.initial;
    const tenantValues =
      tenantColumn === 'company_id' ? { ...values, company_id: ctx.companyId } : values;
    if (definition.references)
      await checkReferences(tx, ctx.companyId, [tenantValues], definition.references);
    const inserted = await tx.insert(table).values(onlyColumns(tenantValues)).returning(selection);
    let row = inserted[0] as Row;
    row = await writeLines(tx, ctx, row, (input as Record<string, unknown>).lines);
    if (hooks.afterWrite) await hooks.afterWrite(row, input, ctx, tx);
    const presented = await presentOne(tx, ctx, row);
    if (keepsHistory) {
      await recordHistory(tx, ctx, {
        companyId: companyOf(row),
        resource: definition.name,
        recordId: row.id,
        action: 'created',
        after: snapshot(presented),
      });
    }
    return presented;
  }

  return {
    definition,
    relations: options.relations ?? {},
    routes: options.routes,

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
      return presentOne(db, ctx, await findRow(db, ctx, id), related);
    },

    async create(db: Database, ctx: RequestContext, input: z.output<Def['create']>) {
      return db.transaction((tx) => createIn(tx, ctx, input));
    },

    /** PATCH: the columns sent, and (for a resource with lines) the lines when `lines` is sent. */
    async update(db: Database, ctx: RequestContext, id: number, input: z.output<Def['update']>) {
      return db.transaction(async (tx) => {
        const existing = await findRow(tx, ctx, id, true);
        assertEditable(existing);
        const before = keepsHistory ? snapshot(await presentOne(tx, ctx, existing)) : null;
        const values = hooks.beforeUpdate
          ? await hooks.beforeUpdate(input, existing, ctx, tx)
          : Object.assign({}, input);
        // A status moves only by a transition.
        if (machine) delete values.status;
        const changes = onlyColumns(values);
        if (definition.references)
          await checkReferences(tx, companyOf(existing), [changes], definition.references);
        let row = existing;
        if (Object.keys(changes).length) {
          const updated = await tx
            .update(table)
            .set({ ...changes, ...('updated_at' in columns ? { updated_at: sql`now()` } : {}) })
            .where(and(eq(idColumn, id), scope(ctx)))
            .returning(selection);
          row = updated[0] as Row;
        }
        row = await writeLines(tx, ctx, row, (input as Record<string, unknown>).lines);
        if (hooks.afterWrite) await hooks.afterWrite(row, input, ctx, tx);
        const presented = await presentOne(tx, ctx, row);
        const changed = before && changesBetween(before, snapshot(presented));
        if (changed) {
          await recordHistory(tx, ctx, {
            companyId: companyOf(row),
            resource: definition.name,
            recordId: row.id,
            action: 'updated',
            ...changed,
          });
        }
        return presented;
      });
    },

    /** DELETE: deactivates, flags or removes, as the resource declares. */
    async remove(db: Database, ctx: RequestContext, id: number) {
      return db.transaction(async (tx) => {
        const existing = await findRow(tx, ctx, id, true);
        assertEditable(existing);
        if (hooks.beforeRemove) await hooks.beforeRemove(existing, ctx, tx);
        const where = and(eq(idColumn, id), scope(ctx));
        const trail = async (after: Row | null) => {
          if (!keepsHistory) return;
          await recordHistory(tx, ctx, {
            companyId: companyOf(existing),
            resource: definition.name,
            recordId: id,
            action: 'deleted',
            before: snapshot(existing),
            after: after && snapshot(after),
          });
        };
        if (definition.deleteMode === 'remove') {
          const presented = await presentOne(tx, ctx, existing);
          await tx.delete(table).where(where);
          await trail(null);
          return presented;
        }
        const flag =
          definition.deleteMode === 'deactivate' ? { is_active: false } : { is_deleted: true };
        const updated = (await tx
          .update(table)
          .set(flag)
          .where(where)
          .returning(selection)) as Row[];
        await trail(updated[0] ?? null);
        return presentOne(tx, ctx, updated[0] ?? existing);
      });
    },

    /**
     * Moves a row to another status if the machine has that move from its status and the caller
     * holds the move's permission; writes the history row (who, when, from, to, note).
     */
    async transition(db: Database, ctx: RequestContext, id: number, body: TransitionBody) {
      if (!machine) throw AppError.notFound(label);
      return db.transaction(async (tx) => {
        const existing = await findRow(tx, ctx, id, true);
        const from = statusOf(existing);
        const to = body.to;
        const labelOf = (state: string) =>
          (machine.labels as Record<string, string | undefined>)[state] ?? state;
        if (!machine.states.includes(to))
          throw AppError.badRequest(`Unknown status ${to}`, { to: [`Unknown status ${to}`] });
        const move = machine.transitions.find((t) => t.from.includes(from) && t.to === to);
        if (!move) {
          throw AppError.conflict(
            from === to
              ? `${label} is already ${labelOf(to)}`
              : `${label} cannot go from ${labelOf(from)} to ${labelOf(to)}`,
          );
        }
        if (!hasPermission(ctx, move.permission ?? write)) throw AppError.forbidden();
        const [row] = (await tx
          .update(table)
          .set({ status: to, ...('updated_at' in columns ? { updated_at: sql`now()` } : {}) })
          .where(and(eq(idColumn, id), scope(ctx)))
          .returning(selection)) as Row[];
        if (!row) throw AppError.notFound(label);
        if (options.onTransition) await options.onTransition(row, from, ctx, tx);
        await recordHistory(tx, ctx, {
          companyId: companyOf(row),
          resource: definition.name,
          recordId: id,
          action: 'transition',
          from,
          to,
          note: body.note ?? null,
        });
        return presentOne(tx, ctx, row);
      });
    },

    /** Runs a declared action on a row, in one transaction, and answers the row it returns. */
    async runAction(
      db: Database,
      ctx: RequestContext,
      id: number,
      name: string,
      input: Record<string, unknown>,
    ) {
      const action = declaredActions[name];
      const handler = options.actions?.[name];
      if (!action || !handler) throw AppError.notFound(label);
      return db.transaction(async (tx) => {
        const existing = await findRow(tx, ctx, id, true);
        if (action.allowedIn && !action.allowedIn.includes(statusOf(existing)))
          throw AppError.conflict(`${action.label} is not possible now`);
        if (!hasPermission(ctx, action.permission ?? write)) throw AppError.forbidden();
        const result = await handler(existing, input, {
          ctx,
          tx,
          // The create schema parses to its own output type; TypeScript sees only the ZodObject bound.
          create: (payload) =>
            createIn(tx, ctx, definition.create.parse(payload) as z.output<Def['create']>),
          withLines: (row) => presentOne(tx, ctx, row),
        });
        if (keepsHistory || machine) {
          await recordHistory(tx, ctx, {
            companyId: companyOf(existing),
            resource: definition.name,
            recordId: id,
            action: name,
            after: result.id === id ? null : { id: result.id },
          });
        }
        return presentOne(tx, ctx, result);
      });
    },

    /** The trail of one row, newest first (404 when the row is not the caller's). */
    async history(db: Database, ctx: RequestContext, id: number) {
      const row = await findRow(db, ctx, id);
      return readHistory(db, ctx, companyOf(row), definition.name, id);
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
        if (keepsHistory && updated[0]) {
          await recordHistory(tx, ctx, {
            companyId: companyOf(existing),
            resource: definition.name,
            recordId: id,
            action: 'activated',
            before: { is_active: existing.is_active ?? null },
            after: { is_active: true },
          });
        }
        return presentOne(tx, ctx, updated[0] ?? existing);
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
