import { inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/database.ts';
import { preparedQuery } from '../../platform/prepared.ts';
import { authThrottles } from './schema.ts';

/** One rate limit: at most `max` failures per key within a fixed window of `windowSeconds`. */
export interface Limit {
  max: number;
  windowSeconds: number;
}

export interface ThrottleKey {
  key: string;
  limit: Limit;
}

export interface ThrottleState {
  /** The keys whose limit is reached, with the seconds until their window ends. */
  blocked: { key: string; retryAfterSeconds: number }[];
  /** Whether any key has a live counter (a success then clears them). */
  counting: boolean;
}

/** The counters of the keys (the placeholder `keys`, an array) with their window's age in seconds. */
const countersOf = preparedQuery('throttle_counters', (db) =>
  db
    .select({
      key: authThrottles.key,
      failures: authThrottles.failures,
      age: sql<number>`extract(epoch from now() - ${authThrottles.window_started_at})::float8`,
    })
    .from(authThrottles)
    .where(sql`${authThrottles.key} = any(${sql.placeholder('keys')}::text[])`),
);

/**
 * Failure counters in the database, so a limit holds across API instances and restarts. Reads
 * are one indexed lookup; writes are one upsert that starts a new window when the old one ended.
 */
export async function throttleState(db: Executor, keys: ThrottleKey[]): Promise<ThrottleState> {
  if (keys.length === 0) return { blocked: [], counting: false };
  const rows = await countersOf(db).execute({ keys: keys.map((k) => k.key) });
  const state: ThrottleState = { blocked: [], counting: false };
  for (const row of rows) {
    const limit = keys.find((k) => k.key === row.key)?.limit;
    const age = Number(row.age);
    if (!limit || age >= limit.windowSeconds) continue;
    state.counting = true;
    if (row.failures >= limit.max)
      state.blocked.push({
        key: row.key,
        retryAfterSeconds: Math.max(1, Math.ceil(limit.windowSeconds - age)),
      });
  }
  return state;
}

/** Counts one failure against every key. */
export async function recordFailure(db: Executor, keys: ThrottleKey[]) {
  for (const { key, limit } of keys) {
    const expired = sql`${authThrottles.window_started_at} <= now() - make_interval(secs => ${limit.windowSeconds})`;
    await db
      .insert(authThrottles)
      .values({ key, failures: 1 })
      .onConflictDoUpdate({
        target: authThrottles.key,
        set: {
          failures: sql`case when ${expired} then 1 else ${authThrottles.failures} + 1 end`,
          window_started_at: sql`case when ${expired} then now() else ${authThrottles.window_started_at} end`,
        },
      });
  }
  // Now and then, drop counters whose windows ended long ago so the table stays small.
  if (Math.random() < 0.02)
    await db
      .delete(authThrottles)
      .where(lt(authThrottles.window_started_at, sql`now() - interval '1 day'`));
}

export async function clearThrottle(db: Executor, keys: string[]) {
  if (keys.length > 0) await db.delete(authThrottles).where(inArray(authThrottles.key, keys));
}

const minutes = (n: number) => n * 60;

/** The limits of SPEC-less abuse handling, in one place (README "Rate limits" repeats them). */
export const limits = {
  /** Failed sign-ins for one account from one address. */
  loginPair: { max: 5, windowSeconds: minutes(15) },
  /** Failed sign-ins for one account from all addresses together. */
  loginAccount: { max: 20, windowSeconds: minutes(15) },
  /** Failed sign-ins from one address, whatever the accounts. */
  loginAddress: { max: 100, windowSeconds: minutes(15) },
  /** Reset mails per account. */
  resetMails: { max: 3, windowSeconds: minutes(60) },
} as const satisfies Record<string, Limit>;

export const loginKeys = (email: string, ip: string) => ({
  pair: { key: `login:pair:${email}|${ip}`, limit: limits.loginPair },
  account: { key: `login:account:${email}`, limit: limits.loginAccount },
  address: { key: `login:address:${ip}`, limit: limits.loginAddress },
});
