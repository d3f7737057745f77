import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNull,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { PgTransaction, type PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_PER_PAGE, type ListQuery } from '@portal/contract/list-query';
import {
  keyedQueryField,
  writeAccessOf,
  type ResourceDefinition,
  type TransitionBody,
} from '@portal/contract/resource';
import type { Database, Tx } from '../database.ts';
import { AppError } from '../errors.ts';
import { hasPermission, isSuperAdmin, type RequestContext } from '../context.ts';
import { changesBetween, readHistory, recordHistory, snapshot } from './history.ts';
import { linesEngine, type LinesOptions } from './lines.ts';
import { cappedCount, listTotal, ReusedEstimates, type ListTotal } from './totals.ts';
import {
  attachReferences,
  checkReferences,
  referenceColumns,
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
  /** Column values for a create (defaults to the payload itself); parent-scoped: the parent's id. */
  beforeCreate?(
    input: z.output<Def['create']>,
    ctx: RequestContext,
    tx: Tx,
    parentId?: number,
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
  /**
   * May refuse a write before anything is read or written (throw an AppError): e.g. the rank rule on
   * the user a row belongs to. Gets the parent's id (parent-scoped resources) and, for update and
   * delete, the row.
   */
  authorize?(
    operation: 'create' | 'update' | 'delete',
    target: { parentId?: number; row?: Row },
    ctx: RequestContext,
    tx: Tx,
  ): Promise<void>;
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
  /** A parent-scoped resource (definition.parent): finds the parent row, 404 when not the caller's. */
  parent?: { find(db: Database | Tx, ctx: RequestContext, parentId: number): Promise<unknown> };
  /**
   * Row fields computed in SQL (`rate_cents / 100.0`), selected beside the columns; the reply's
   * schema drops those it does not name, so hooks may read internal ones (a file's key).
   */
  computed?: Record<string, SQL>;
  /**
   * A fixed condition every query of the resource adds (the rows of a shared table that are this
   * resource's: stock locations of kind warehouse); rows outside it answer 404. Create must fill it.
   */
  where?: SQL;
  /** Builders of the replies the definition declares under `replies`. */
  replies?: {
    /** The create's reply: gets the created row and the values beforeCreate returned. */
    create?(row: Row, context: ReplyContext): Promise<unknown>;
    /** The list's reply from the page of rows (with `list` the rows of the same parent). */
    list?(rows: Row[], context: Omit<ReplyContext, 'values'>): Promise<unknown>;
  };
}

/** What a reply builder gets besides the row(s). */
export interface ReplyContext {
  ctx: RequestContext;
  db: Database | Tx;
  parentId?: number;
  values: Record<string, unknown>;
  /** Every row of the same parent (or of the company), presented, in the default order. */
  listAll(): Promise<Row[]>;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Puts a request's value into a query: the value itself, or a prepared statement's placeholder. */
type Bind = <T>(name: string, value: T) => T | Placeholder;
const inline: Bind = (_name, value) => value;

interface PreparedList {
  page: { execute(values: Record<string, unknown>): Promise<unknown[]> };
  count: { execute(values: Record<string, unknown>): Promise<{ total: number }[]> };
  estimates: ReusedEstimates;
}
/** Query shapes kept per resource and database; a rarer shape past this is built each time. */
const MAX_LIST_SHAPES = 64;
/** Statement names are unique in the process: databases may share connections (the system handle). */
let preparedListCount = 0;

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
  const write = writeAccessOf(definition);
  const parent = definition.parent;
  if (Boolean(parent) !== Boolean(options.parent))
    throw new Error(`${definition.name}: a parent needs a declaration and a find`);
  if (parent && (definition.statuses || definition.actions || definition.lines || definition.bulk))
    throw new Error(
      `${definition.name}: parent-scoped resources take no statuses, actions, lines or bulk`,
    );
  const parentColumn = parent ? column(parent.column) : undefined;
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
  const selection = {
    ...Object.fromEntries(
      Object.keys(definition.row.shape)
        .filter((key) => key in columns)
        .map((key) => [key, column(key)]),
    ),
    ...options.computed,
  };
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

  function scope(ctx: RequestContext, parentId?: number, bind: Bind = inline): SQL | undefined {
    const tenant = isSuperAdmin(ctx) ? undefined : eq(scopeColumn, bind('company', ctx.companyId));
    const company = options.where ? and(tenant, options.where) : tenant;
    if (!parentColumn) return company;
    if (parentId === undefined) throw new Error(`${definition.name}: no parent id`);
    return and(company, eq(parentColumn, bind('parent', parentId)));
  }

  /** A parent-scoped resource's parent must be the caller's (404 otherwise). */
  async function findParent(db: Database | Tx, ctx: RequestContext, parentId?: number) {
    if (options.parent && parentId !== undefined) await options.parent.find(db, ctx, parentId);
  }

  /** A key inside a keyed field (`extra_fields.storage_gb`): its JSON value, and its text. */
  function keyedValue(name: string): { json: SQL; text: SQL } | undefined {
    const keyed = keyedQueryField(definition, name);
    if (!keyed) return undefined;
    // The key matches /^[a-z][a-z0-9_]*$/ (keyedQueryField), so it is written as a literal.
    const key = sql.raw(`'${keyed.key}'`);
    const col = column(keyed.field);
    return { json: sql`(${col} -> ${key})`, text: sql`(${col} ->> ${key})` };
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

  function listWhere(
    ctx: RequestContext,
    query: ListQuery,
    parentId?: number,
    bind: Bind = inline,
  ): SQL | undefined {
    const conditions: (SQL | undefined)[] = [scope(ctx, parentId, bind)];
    for (const [field, raw] of Object.entries(query.filter ?? {})) {
      const keyed = keyedValue(field);
      if (keyed) {
        conditions.push(
          raw === 'null'
            ? sql`${keyed.json} is null`
            : ilike(keyed.text, bind(`filter_${field}`, `%${escapeLike(raw)}%`)),
        );
        continue;
      }
      if (!(definition.queryFields as readonly string[]).includes(field)) {
        throw AppError.badRequest(
          `Cannot filter ${definition.label.many.toLowerCase()} by ${field}`,
        );
      }
      const value = filterValue(field, raw);
      if (value === null) conditions.push(isNull(column(field)));
      else if (typeof value === 'string' && containsFields.has(field))
        conditions.push(ilike(column(field), bind(`filter_${field}`, `%${escapeLike(value)}%`)));
      else conditions.push(eq(column(field), bind(`filter_${field}`, value)));
    }
    if (query.search) {
      if (!definition.searchFields.length) {
        throw AppError.badRequest(
          `${definition.label.many} cannot be searched; filter by a field instead`,
        );
      }
      const term = bind('search', `%${escapeLike(query.search)}%`);
      conditions.push(or(...definition.searchFields.map((field) => ilike(column(field), term))));
    }
    return and(...conditions);
  }

  function orderBy(sort: string | undefined) {
    const spec = sort ?? definition.defaultSort;
    const descending = spec.startsWith('-');
    const field = descending ? spec.slice(1) : spec;
    const keyed = keyedValue(field);
    // jsonb order: numbers as numbers, text as text; rows without the key last either way.
    if (keyed)
      return descending
        ? [sql`${keyed.json} desc nulls last`, desc(idColumn)]
        : [sql`${keyed.json} asc nulls last`, asc(idColumn)];
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
    parentId?: number,
  ): Promise<Row> {
    const query = db
      .select(selection)
      .from(table)
      .where(and(eq(idColumn, id), scope(ctx, parentId)));
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

  /**
   * A row on its way out: relations asked for, reference names (unless the rows were read with
   * them: `namesRead`), lines, allowed moves.
   */
  async function present(
    db: Database | Tx,
    ctx: RequestContext,
    rows: Row[],
    related?: string[],
    withLines = false,
    namesRead = false,
  ) {
    await loadRelated(db, ctx, rows, related);
    if (!namesRead) await attachReferences(db, ctx, rows, definition.references);
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

  async function createIn(
    tx: Tx,
    ctx: RequestContext,
    input: z.output<Def['create']>,
    parentId?: number,
  ) {
    await findParent(tx, ctx, parentId);
    // The payload's references first: another company's row is a 400 on its field, before any
    // hook (the rank rule would answer 404 for a person it cannot find).
    const sent = input as Record<string, unknown>;
    if (definition.references)
      await checkReferences(tx, ctx.companyId, [sent], definition.references);
    if (hooks.authorize) await hooks.authorize('create', { parentId }, ctx, tx);
    const values = hooks.beforeCreate
      ? await hooks.beforeCreate(input, ctx, tx, parentId)
      : Object.assign({}, input);
    if (machine) values.status = machine.initial;
    if (parent) values[parent.column] = parentId;
    const tenantValues =
      tenantColumn === 'company_id' ? { ...values, company_id: ctx.companyId } : values;
    if (definition.references) {
      // What a hook set or changed is checked as well.
      const fromHooks = Object.fromEntries(
        Object.entries(tenantValues).filter(([field, value]) => sent[field] !== value),
      );
      await checkReferences(tx, ctx.companyId, [fromHooks], definition.references);
    }
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
    return { row: presented, values };
  }

  /** A page of rows with their reference names, read in the page's own query. */
  function pageQuery(
    db: Database | Tx,
    where: SQL | undefined,
    company: unknown,
    sort: string | undefined,
    limit: number | Placeholder,
    offset: number | Placeholder,
  ) {
    return db
      .select({ ...selection, ...referenceColumns(table, definition.references, company) })
      .from(table)
      .where(where)
      .orderBy(...orderBy(sort))
      .limit(limit)
      .offset(offset);
  }

  /**
   * A list's two statements (the page and the capped count) are built once per query shape (which
   * filters, the search, the sort, whose scope) and then run with each request's values: building
   * drizzle's SQL was a large share of a list request's CPU, and PostgreSQL parses a named
   * statement once per connection. Inside a transaction queries are built as before.
   */
  const preparedLists = new WeakMap<Database, Map<string, PreparedList>>();

  function preparedList(db: Database, ctx: RequestContext, query: ListQuery, parentId?: number) {
    const values: Record<string, unknown> = {};
    const bind: Bind = (name, value) => {
      values[name] = value;
      return sql.placeholder(name);
    };
    // Validates the query as the built path does, and records the values.
    const where = listWhere(ctx, query, parentId, bind);
    const company = isSuperAdmin(ctx) ? undefined : bind('company', ctx.companyId);
    const shape = JSON.stringify([
      isSuperAdmin(ctx),
      parentId !== undefined,
      query.sort ?? definition.defaultSort,
      Boolean(query.search),
      Object.entries(query.filter ?? {}).map(([field, raw]) => [
        field,
        raw === 'null'
          ? 'null'
          : containsFields.has(field) || keyedQueryField(definition, field)
            ? 'contains'
            : 'eq',
      ]),
    ]);
    let shapes = preparedLists.get(db);
    if (!shapes) preparedLists.set(db, (shapes = new Map()));
    let statements = shapes.get(shape);
    if (!statements) {
      if (shapes.size >= MAX_LIST_SHAPES) return undefined;
      const name = `engine_list_${++preparedListCount}`;
      const limit = sql.placeholder('limit');
      const offset = sql.placeholder('offset');
      statements = {
        page: pageQuery(db, where, company, query.sort, limit, offset).prepare(`${name}_page`),
        count: cappedCount(db, table, where).prepare(`${name}_count`),
        estimates: new ReusedEstimates(),
      };
      shapes.set(shape, statements);
    }
    return { statements, values };
  }

  async function listRows(
    db: Database | Tx,
    ctx: RequestContext,
    query: ListQuery,
    parentId?: number,
  ) {
    const prepared =
      db instanceof PgTransaction ? undefined : preparedList(db, ctx, query, parentId);
    let rows: unknown[];
    let totals: ListTotal;
    if (prepared) {
      const { page, count, estimates } = prepared.statements;
      const values = {
        ...prepared.values,
        limit: query.perPage,
        offset: query.page * query.perPage,
      };
      // The same filters' values (and company): the key of a reused estimate (totals.ts).
      const filters = JSON.stringify(prepared.values);
      const reused = estimates.get(filters);
      if (reused === undefined) {
        const [found, counted] = await Promise.all([page.execute(values), count.execute(values)]);
        rows = found;
        totals = await listTotal(db, table, () => listWhere(ctx, query, parentId), counted);
        if (totals.estimated) estimates.set(filters, totals.total);
      } else {
        rows = await page.execute(values);
        // A page that is not full ends the list: its total is then known exactly.
        const ended = rows.length < query.perPage && (rows.length > 0 || values.offset === 0);
        totals = ended
          ? { total: values.offset + rows.length, estimated: false }
          : { total: reused, estimated: true };
      }
    } else {
      const where = listWhere(ctx, query, parentId);
      const company = isSuperAdmin(ctx) ? undefined : ctx.companyId;
      [rows, totals] = await Promise.all([
        pageQuery(db, where, company, query.sort, query.perPage, query.page * query.perPage),
        listTotal(db, table, () => where),
      ]);
    }
    const results = await present(db, ctx, rows as Row[], query.related, false, true);
    // Exact up to EXACT_TOTAL_LIMIT rows; above, the planner's estimate, flagged (totals.ts).
    return totals.estimated
      ? { results, total: totals.total, total_estimated: true }
      : { results, total: totals.total };
  }

  /** Every row of a parent (or the company), for a reply builder. */
  const listAllOf = (db: Database | Tx, ctx: RequestContext, parentId?: number) => async () =>
    (await listRows(db, ctx, { page: 0, perPage: MAX_PER_PAGE }, parentId)).results;

  return {
    definition,
    /** The table the rows live in (the tenancy matrix probes it). */
    table,
    relations: options.relations ?? {},
    routes: options.routes,

    async list(db: Database, ctx: RequestContext, query: ListQuery, parentId?: number) {
      await findParent(db, ctx, parentId);
      return listRows(db, ctx, query, parentId);
    },

    /** The list's reply: `{ results, total }`, or what `replies.list` builds from the rows. */
    async listReply(db: Database, ctx: RequestContext, query: ListQuery, parentId?: number) {
      await findParent(db, ctx, parentId);
      const page = await listRows(db, ctx, query, parentId);
      if (!options.replies?.list) return page;
      return options.replies.list(page.results, {
        ctx,
        db,
        parentId,
        listAll: listAllOf(db, ctx, parentId),
      });
    },

    async count(db: Database, ctx: RequestContext, query: ListQuery, parentId?: number) {
      await findParent(db, ctx, parentId);
      const totals = await listTotal(db, table, () => listWhere(ctx, query, parentId));
      return totals.estimated
        ? { total: totals.total, total_estimated: true }
        : { total: totals.total };
    },

    async get(
      db: Database,
      ctx: RequestContext,
      id: number,
      related?: string[],
      parentId?: number,
    ) {
      await findParent(db, ctx, parentId);
      return presentOne(db, ctx, await findRow(db, ctx, id, false, parentId), related);
    },

    async create(
      db: Database,
      ctx: RequestContext,
      input: z.output<Def['create']>,
      parentId?: number,
    ) {
      return db.transaction(async (tx) => (await createIn(tx, ctx, input, parentId)).row);
    },

    /** The create's reply: the row, or what `replies.create` builds (in the same transaction). */
    async createReply(
      db: Database,
      ctx: RequestContext,
      input: z.output<Def['create']>,
      parentId?: number,
    ) {
      return db.transaction(async (tx) => {
        const { row, values } = await createIn(tx, ctx, input, parentId);
        if (!options.replies?.create) return row;
        return options.replies.create(row, {
          ctx,
          db: tx,
          parentId,
          values,
          listAll: listAllOf(tx, ctx, parentId),
        });
      });
    },

    /** PATCH: the columns sent, and (for a resource with lines) the lines when `lines` is sent. */
    async update(
      db: Database,
      ctx: RequestContext,
      id: number,
      input: z.output<Def['update']>,
      parentId?: number,
    ) {
      return db.transaction(async (tx) => {
        await findParent(tx, ctx, parentId);
        const existing = await findRow(tx, ctx, id, true, parentId);
        if (hooks.authorize) await hooks.authorize('update', { parentId, row: existing }, ctx, tx);
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
            .where(and(eq(idColumn, id), scope(ctx, parentId)))
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
    async remove(db: Database, ctx: RequestContext, id: number, parentId?: number) {
      return db.transaction(async (tx) => {
        await findParent(tx, ctx, parentId);
        const existing = await findRow(tx, ctx, id, true, parentId);
        if (hooks.authorize) await hooks.authorize('delete', { parentId, row: existing }, ctx, tx);
        assertEditable(existing);
        if (hooks.beforeRemove) await hooks.beforeRemove(existing, ctx, tx);
        const where = and(eq(idColumn, id), scope(ctx, parentId));
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
          definition.deleteMode === 'deactivate'
            ? { is_active: false }
            : definition.deleteMode === 'revoke'
              ? revocation(ctx, existing)
              : { is_deleted: true };
        if (!Object.keys(flag).length) return presentOne(tx, ctx, existing);
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
          create: async (payload) =>
            (await createIn(tx, ctx, definition.create.parse(payload) as z.output<Def['create']>))
              .row,
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

  /** A revoke stamps revoked_at (and revoked_by) once; revoking again keeps the first stamp. */
  function revocation(ctx: RequestContext, existing: Row): Record<string, unknown> {
    column('revoked_at');
    if (existing.revoked_at !== null && existing.revoked_at !== undefined) return {};
    return {
      revoked_at: sql`now()`,
      ...('revoked_by' in columns ? { revoked_by: ctx.userId } : {}),
      ...('updated_at' in columns ? { updated_at: sql`now()` } : {}),
    };
  }

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
