import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorReplySchema, replySchema } from '@portal/contract/envelope';
import { jobsOverviewSchema, type JobsOverview } from '@portal/contract/platform';
import { callerOf } from './access.ts';
import { isSuperAdmin } from './context.ts';
import { ok } from './reply.ts';
import type { Database, Executor } from './database.ts';
import { jobQueue, jobSchedules } from './schema.ts';
import { asSystem } from './tenant-connection.ts';

/**
 * Background jobs, one mechanism (DESIGN.md): a module declares a job (`defineJob`) with a
 * handler, an interval (scheduled) or none (one-off, `enqueue`d), retries and a backoff. One
 * runner per instance polls the database; several instances share the work through row leases:
 * a job is taken by one atomic UPDATE that only succeeds while nobody holds it, so two runners
 * never run the same scheduled job or the same queued job at once, and a crashed instance's lease
 * lapses. Last run, last error and failures are stored (job_schedules, job_queue) and shown to an
 * admin at GET /jobs. Works the same on PGlite and PostgreSQL (plain SQL, no LISTEN needed).
 */

export interface JobContext<Payload> {
  db: Database;
  log: FastifyBaseLogger;
  payload: Payload;
  /** 1 for the first try, then 2, 3, ... for retries */
  attempt: number;
  /** the company a queued job was enqueued for, if any */
  companyId: number | null;
}

export interface JobDefinition<Payload = unknown> {
  /** unique, dotted by module: `hr.auto_clockout` */
  name: string;
  /** run every so many seconds (scheduled); leave out for a job that only runs when enqueued */
  intervalSeconds?: number;
  handler(ctx: JobContext<Payload>): Promise<unknown>;
  /** retries after a failure (default 3): sooner than the interval, with exponential backoff */
  retries?: number;
  /** the first retry's delay in seconds (default 30), doubled for each further one */
  backoffSeconds?: number;
  /** how long a run may hold the job before another instance may take it (default 10 minutes) */
  leaseSeconds?: number;
}

export const defineJob = <Payload = unknown>(job: JobDefinition<Payload>) => job;

/** The delay before retry number `failures` (1-based): base * 2^(failures - 1), capped. */
export function backoffSeconds(job: Pick<JobDefinition, 'backoffSeconds'>, failures: number) {
  const base = job.backoffSeconds ?? 30;
  return Math.min(base * 2 ** Math.max(0, failures - 1), 24 * 3600);
}

export interface JobRunnerOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** how often the runner looks for due work (default 5 s, or the shortest interval if shorter) */
  pollMs?: number;
  /** clock in milliseconds (tests) */
  now?: () => number;
}

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 2000) || 'failed';

export type JobRunner = ReturnType<typeof createJobRunner>;

export function createJobRunner(options: JobRunnerOptions) {
  const { db, log } = options;
  const now = options.now ?? Date.now;
  const at = (ms: number) => new Date(ms).toISOString();
  const instance = randomUUID();
  // Erased payload types: each job's handler checks what it gets.
  const jobs = new Map<string, JobDefinition<never>>();
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  let ensured = false;

  /** Creates the rows of the declared scheduled jobs (first run one interval from now). */
  async function ensureSchedules() {
    if (ensured) return;
    for (const job of jobs.values()) {
      if (!job.intervalSeconds) continue;
      await db
        .insert(jobSchedules)
        .values({
          name: job.name,
          interval_seconds: job.intervalSeconds,
          next_run_at: at(now() + job.intervalSeconds * 1000),
        })
        .onConflictDoUpdate({
          target: jobSchedules.name,
          set: { interval_seconds: job.intervalSeconds, updated_at: sql`now()` },
        });
    }
    ensured = true;
  }

  /** Takes one scheduled job if it is due and free; runs it; records how it went. */
  async function runScheduled(job: JobDefinition<never>): Promise<boolean> {
    const started = now();
    const [claimed] = await db
      .update(jobSchedules)
      .set({
        locked_until: at(started + (job.leaseSeconds ?? 600) * 1000),
        locked_by: instance,
        last_started_at: at(started),
        total_runs: sql`${jobSchedules.total_runs} + 1`,
        updated_at: sql`now()`,
      })
      .where(
        and(
          eq(jobSchedules.name, job.name),
          lte(jobSchedules.next_run_at, at(started)),
          or(isNull(jobSchedules.locked_until), lt(jobSchedules.locked_until, at(started))),
        ),
      )
      .returning();
    if (!claimed) return false;
    const mine = and(eq(jobSchedules.name, job.name), eq(jobSchedules.locked_by, instance));
    try {
      await job.handler({
        db,
        log,
        payload: undefined as never,
        attempt: claimed.consecutive_failures + 1,
        companyId: null,
      });
      const finished = now();
      await db
        .update(jobSchedules)
        .set({
          locked_until: null,
          locked_by: null,
          last_finished_at: at(finished),
          last_success_at: at(finished),
          consecutive_failures: 0,
          next_run_at: at(finished + claimed.interval_seconds * 1000),
          updated_at: sql`now()`,
        })
        .where(mine);
    } catch (error) {
      const failures = claimed.consecutive_failures + 1;
      const retry = failures <= (job.retries ?? 3);
      const delay = retry
        ? Math.min(backoffSeconds(job, failures), claimed.interval_seconds)
        : claimed.interval_seconds;
      const finished = now();
      log.error({ err: error, job: job.name, failures }, 'background job failed');
      await db
        .update(jobSchedules)
        .set({
          locked_until: null,
          locked_by: null,
          last_finished_at: at(finished),
          last_error: errorText(error),
          consecutive_failures: failures,
          total_failures: sql`${jobSchedules.total_failures} + 1`,
          next_run_at: at(finished + delay * 1000),
          updated_at: sql`now()`,
        })
        .where(mine);
    }
    return true;
  }

  /** Takes the next due queued job of a declared name, if any; runs it; records how it went. */
  async function runQueued(): Promise<boolean> {
    const oneOffs = [...jobs.values()].filter((job) => !job.intervalSeconds);
    if (!oneOffs.length) return false;
    const names = oneOffs.map((job) => job.name);
    const lease = Math.max(...oneOffs.map((job) => job.leaseSeconds ?? 600));
    const started = now();
    const due = db
      .select({ id: jobQueue.id })
      .from(jobQueue)
      .where(
        and(
          inArray(jobQueue.name, names),
          or(
            and(eq(jobQueue.status, 'pending'), lte(jobQueue.run_at, at(started))),
            and(eq(jobQueue.status, 'running'), lt(jobQueue.locked_until, at(started))),
          ),
        ),
      )
      .orderBy(jobQueue.run_at, jobQueue.id)
      .limit(1)
      .for('update', { skipLocked: true });
    const [claimed] = await db
      .update(jobQueue)
      .set({
        status: 'running',
        attempts: sql`${jobQueue.attempts} + 1`,
        locked_until: at(started + lease * 1000),
        locked_by: instance,
        updated_at: sql`now()`,
      })
      .where(inArray(jobQueue.id, due))
      .returning();
    if (!claimed) return false;
    const job = jobs.get(claimed.name);
    if (!job) return true;
    const mine = and(eq(jobQueue.id, claimed.id), eq(jobQueue.locked_by, instance));
    try {
      await job.handler({
        db,
        log,
        payload: claimed.payload as never,
        attempt: claimed.attempts,
        companyId: claimed.company_id,
      });
      await db
        .update(jobQueue)
        .set({
          status: 'done',
          locked_until: null,
          locked_by: null,
          finished_at: at(now()),
          updated_at: sql`now()`,
        })
        .where(mine);
    } catch (error) {
      const retry = claimed.attempts < claimed.max_attempts;
      const finished = now();
      log.error({ err: error, job: job.name, attempt: claimed.attempts }, 'background job failed');
      await db
        .update(jobQueue)
        .set({
          status: retry ? 'pending' : 'failed',
          locked_until: null,
          locked_by: null,
          last_error: errorText(error),
          run_at: retry
            ? at(finished + backoffSeconds(job, claimed.attempts) * 1000)
            : claimed.run_at,
          finished_at: retry ? null : at(finished),
          updated_at: sql`now()`,
        })
        .where(mine);
    }
    return true;
  }

  async function tick(): Promise<void> {
    while (ticking) await ticking;
    // System path: the runner walks every company's jobs (platform/tenant-connection.ts).
    ticking = asSystem(tickOnce).finally(() => {
      ticking = undefined;
    });
    return ticking;
  }

  async function tickOnce() {
    await ensureSchedules();
    for (const job of jobs.values()) if (job.intervalSeconds) await runScheduled(job);
    // A handful of queued jobs per tick, so one busy queue does not starve the schedules.
    for (let i = 0; i < 20 && (await runQueued()); i++);
  }

  return {
    instance,

    /** Declares a job (a module's). Scheduled jobs start running at `start`. */
    declare<Payload>(job: JobDefinition<Payload>) {
      if (jobs.has(job.name)) throw new Error(`jobs: ${job.name} declared twice`);
      if (job.intervalSeconds !== undefined && !(job.intervalSeconds > 0))
        throw new Error(`jobs: ${job.name} needs an interval above 0 seconds`);
      jobs.set(job.name, job as JobDefinition<never>);
      ensured = false;
    },

    /** Queues a one-off run of a declared job (inside the caller's transaction when `db` is one). */
    async enqueue<Payload>(
      job: JobDefinition<Payload>,
      payload: Payload,
      options: { companyId?: number | null; runAt?: Date; db?: Executor } = {},
    ): Promise<number> {
      if (job.intervalSeconds) throw new Error(`jobs: ${job.name} is scheduled, not enqueued`);
      const [row] = await (options.db ?? db)
        .insert(jobQueue)
        .values({
          name: job.name,
          company_id: options.companyId ?? null,
          payload: payload ?? {},
          run_at: at(options.runAt?.getTime() ?? now()),
          max_attempts: (job.retries ?? 3) + 1,
        })
        .returning({ id: jobQueue.id });
      if (!row) throw new Error('job not queued');
      return row.id;
    },

    /** One pass: every due scheduled job, then due queued jobs. One pass at a time per runner. */
    tick,

    /** Writes the declared schedules' rows (so GET /jobs lists them at once), then polls. */
    async start() {
      if (timer || !jobs.size) return;
      await ensureSchedules();
      const shortest = Math.min(
        ...[...jobs.values()].map((job) => (job.intervalSeconds ?? Infinity) * 1000),
      );
      const poll = options.pollMs ?? Math.max(250, Math.min(5000, shortest));
      timer = setInterval(() => {
        if (ticking) return;
        tick().catch((error: unknown) => log.error({ err: error }, 'job runner pass failed'));
      }, poll);
      timer.unref();
    },

    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await ticking?.catch(() => undefined);
    },
  };
}

/** What an admin sees: every scheduled job, and the queued jobs (their own company's, unless super admin). */
export async function jobsOverview(db: Database, companyId: number | null): Promise<JobsOverview> {
  const [schedules, queue] = await Promise.all([
    db.select().from(jobSchedules).orderBy(jobSchedules.name),
    db
      .select()
      .from(jobQueue)
      .where(companyId === null ? undefined : eq(jobQueue.company_id, companyId))
      .orderBy(desc(jobQueue.created_at), desc(jobQueue.id))
      .limit(200),
  ]);
  const nowIso = new Date().toISOString();
  return {
    schedules: schedules.map((row) => ({
      name: row.name,
      interval_seconds: row.interval_seconds,
      next_run_at: row.next_run_at,
      running: row.locked_until !== null && row.locked_until > nowIso,
      last_started_at: row.last_started_at,
      last_finished_at: row.last_finished_at,
      last_success_at: row.last_success_at,
      last_error: row.last_error,
      consecutive_failures: row.consecutive_failures,
      total_failures: row.total_failures,
      total_runs: row.total_runs,
    })),
    queue: queue.map((row) => ({
      id: row.id,
      name: row.name,
      company_id: row.company_id,
      status:
        row.status === 'running' || row.status === 'done' || row.status === 'failed'
          ? row.status
          : 'pending',
      run_at: row.run_at,
      attempts: row.attempts,
      max_attempts: row.max_attempts,
      last_error: row.last_error,
      finished_at: row.finished_at,
      created_at: row.created_at,
    })),
  };
}

/** GET /jobs: the background jobs' last runs and failures (read_platform_jobs). */
export function jobRoutes(app: FastifyInstance, db: Database) {
  app.withTypeProvider<ZodTypeProvider>().get('/jobs', {
    schema: {
      tags: ['Platform'],
      summary: 'Background jobs: last run, last error, failures; queued jobs',
      response: {
        200: replySchema(jobsOverviewSchema),
        403: errorReplySchema,
        460: errorReplySchema,
      },
    },
    config: { access: 'read_platform_jobs' },
    handler: async (request) => {
      const ctx = callerOf(request);
      return ok('', await jobsOverview(db, isSuperAdmin(ctx) ? null : ctx.companyId));
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the instance's job runner: modules `declare` their jobs on it (app.ts starts it) */
    jobs: JobRunner;
  }
}
