import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DatasetDeclaration } from '@portal/contract/reporting';
import type { RequestContext } from './context.ts';
import type { Executor } from './database.ts';

/**
 * A reporting dataset, declared as data by the module that owns its records (its module.ts
 * `datasets`, collected in src/modules.ts and handed to the reporting module, as widgets are to
 * OneView). `facts` answers one row per record of the stores in `storeIds` dated inside
 * [from, to] (local dates, YYYY-MM-DD); reporting groups and sums them (and names the people and stores).
 */
export interface DatasetFact {
  user_id: number | null;
  store_id: number | null;
  /** The record's local date (YYYY-MM-DD), for day/week/month grouping. */
  date: string | null;
  /** One number per measure key. */
  values: Record<string, number>;
  /** One value per filter key. */
  attrs: Record<string, string>;
}

export interface DatasetRange {
  storeIds: number[];
  /** The people whose current store is in `storeIds` (id to that store), for per-person records. */
  people: Map<number, number>;
  from: string;
  to: string;
}

export interface ServerDataset extends DatasetDeclaration {
  facts(db: Executor, ctx: RequestContext, range: DatasetRange): Promise<DatasetFact[]>;
}

/** Typed declaration helper: `defineDataset({ key, title, ..., facts })`. */
export const defineDataset = (dataset: ServerDataset): ServerDataset => dataset;

/** A local date (YYYY-MM-DD) of an instant in a time zone. */
export const localDate = (instant: string, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant));

/**
 * For a dataset whose records are instants at stores: the record's local date (YYYY-MM-DD) in
 * its store's time zone, and whether it falls inside the range's dates (SQL). The coarse bound
 * on the instant (a day either side, for every zone) lets a (store, instant) index serve it.
 */
export function localDateSql(instant: AnyPgColumn, timeZone: SQL<string>): SQL<string> {
  return sql<string>`to_char(${instant} at time zone ${timeZone}, 'YYYY-MM-DD')`;
}
export function localDateInRange(
  instant: AnyPgColumn,
  timeZone: SQL<string>,
  range: Pick<DatasetRange, 'from' | 'to'>,
): SQL {
  return sql`${instant} >= (${range.from}::date - 1)::timestamp at time zone 'UTC'
    and ${instant} < (${range.to}::date + 2)::timestamp at time zone 'UTC'
    and ${localDateSql(instant, timeZone)} between ${range.from} and ${range.to}`;
}

/** The options of a filter from a status machine's or a kind's labels. */
export const labelOptions = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));
