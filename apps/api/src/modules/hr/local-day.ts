import { sql, type SQL } from 'drizzle-orm';

/**
 * The local day `date` (YYYY-MM-DD, or an SQL date such as the store's today) of time zone `tz` as
 * a [start, end) pair of timestamps: a row overlaps it when it starts before `end` and ends after
 * `start`.
 */
export const dayBounds = (date: string | SQL, tz: string) => ({
  start: sql`(${date}::date)::timestamp at time zone ${tz}`,
  end: sql`(${date}::date + 1)::timestamp at time zone ${tz}`,
});

/** Today in time zone `tz`, as an SQL date (for dayBounds). */
export const todayIn = (tz: string) => sql`(now() at time zone ${tz})::date`;
