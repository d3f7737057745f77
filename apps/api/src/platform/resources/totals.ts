import { count, sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../database.ts';
import type { ResourceTable } from './references.ts';

/**
 * Up to this many rows a list's total is counted exactly; above it the count stops there and the
 * total is the planner's estimate (EXPLAIN), said so with `total_estimated: true`. A page then costs
 * the same at 10,000 and 1,000,000 rows in the tenant instead of counting the whole table each time.
 */
export const EXACT_TOTAL_LIMIT = 2_000;

export interface ListTotal {
  total: number;
  estimated: boolean;
}

/** How long a list found over EXACT_TOTAL_LIMIT keeps its estimated total before it is counted again. */
export const ESTIMATE_REUSE_MS = 5_000;
const MAX_REUSED_ESTIMATES = 256;

/**
 * The estimated totals of one list query shape, by the request's values (the company among them).
 * While an estimate is fresh, that list's pages skip both the capped count and the EXPLAIN: the
 * estimate comes from planner statistics that ANALYZE refreshes far less often than this, so the
 * figure is no staler, and a list that shrinks below the limit is counted exactly again within
 * ESTIMATE_REUSE_MS.
 */
export class ReusedEstimates {
  private readonly entries = new Map<string, { total: number; until: number }>();

  get(key: string): number | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.until > Date.now()) return entry.total;
    if (entry) this.entries.delete(key);
    return undefined;
  }

  set(key: string, total: number) {
    this.entries.delete(key);
    // Oldest first in a Map: past the bound, the least recently stored goes.
    if (this.entries.size >= MAX_REUSED_ESTIMATES)
      this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { total, until: Date.now() + ESTIMATE_REUSE_MS });
  }
}

/** The planner's row estimate of a query: EXPLAIN (FORMAT JSON)'s top "Plan Rows". */
async function plannerEstimate(db: Database | Tx, query: SQL): Promise<number | null> {
  const result = await db.execute(sql`explain (format json) ${query}`);
  const rows: unknown = Array.isArray(result) ? result : Reflect.get(Object(result), 'rows');
  if (!Array.isArray(rows) || !rows.length) return null;
  let plan: unknown = Object.values(Object(rows[0]))[0];
  if (typeof plan === 'string') plan = JSON.parse(plan);
  const top: unknown = Array.isArray(plan) ? Reflect.get(Object(plan[0]), 'Plan') : null;
  const estimate = Number(Reflect.get(Object(top), 'Plan Rows'));
  return Number.isFinite(estimate) ? Math.round(estimate) : null;
}

/** The capped count: how many rows `where` selects, counting no further than one past the limit. */
export function cappedCount(db: Database | Tx, table: ResourceTable, where: SQL | undefined) {
  const capped = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(EXACT_TOTAL_LIMIT + 1)
    .as('capped');
  return db.select({ total: count() }).from(capped);
}

/**
 * How many rows `where` selects in `table`: exact up to EXACT_TOTAL_LIMIT, estimated above.
 * `counted` is the capped count when the caller ran it already (a prepared statement).
 */
export async function listTotal(
  db: Database | Tx,
  table: ResourceTable,
  where: () => SQL | undefined,
  counted?: { total: number }[],
): Promise<ListTotal> {
  const [first] = counted ?? (await cappedCount(db, table, where()));
  const exact = Number(first?.total ?? 0);
  if (exact <= EXACT_TOTAL_LIMIT) return { total: exact, estimated: false };
  const estimate = await plannerEstimate(
    db,
    db
      .select({ one: sql`1` })
      .from(table)
      .where(where())
      .getSQL(),
  );
  // Never below what was counted: the estimate can only add to the rows seen.
  return { total: Math.max(estimate ?? 0, exact), estimated: true };
}
