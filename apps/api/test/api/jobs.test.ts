import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobsOverview } from '@portal/contract/platform';
import { createJobRunner, defineJob } from '../../src/platform/jobs.ts';
import { jobQueue, jobSchedules } from '../../src/platform/schema.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let admin: string;
let agent: string;
let employee: string;
beforeAll(async () => {
  t = await startTestApp();
  [admin, agent, employee] = await Promise.all([
    t.login('admin@demo.example'),
    t.login('agent@demo.example'),
    t.login('employee@demo.example'),
  ]);
});
afterAll(async () => {
  await t.close();
});

/** A clock the test moves by hand. */
function fakeClock(start = Date.now()) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const overview = (token: string) => t.call<{ data: JobsOverview }>('GET', '/api/jobs', { token });

describe('background jobs', () => {
  it('retries a failing scheduled job with backoff and shows its failure to an admin', async () => {
    const clock = fakeClock();
    let calls = 0;
    const flaky = defineJob({
      name: 'test.flaky',
      intervalSeconds: 3600,
      retries: 2,
      backoffSeconds: 60,
      async handler() {
        calls++;
        if (calls <= 2) throw new Error(`Mailbox unreachable (try ${calls})`);
      },
    });
    const runner = createJobRunner({ db: t.database.db, log: t.app.log, now: clock.now });
    runner.declare(flaky);

    await runner.tick(); // declared: first run one interval from now
    expect(calls).toBe(0);
    clock.advance(3600_000);
    await runner.tick();
    expect(calls).toBe(1);

    const seen = await overview(admin);
    expect(seen.status).toBe(200);
    expect(seen.body.data.schedules.find((job) => job.name === 'test.flaky')).toMatchObject({
      last_error: 'Mailbox unreachable (try 1)',
      consecutive_failures: 1,
      total_failures: 1,
      total_runs: 1,
      running: false,
      last_success_at: null,
    });

    // Not again before the backoff (60 s), then the retry (which fails again, backoff 120 s).
    clock.advance(59_000);
    await runner.tick();
    expect(calls).toBe(1);
    clock.advance(2_000);
    await runner.tick();
    expect(calls).toBe(2);
    clock.advance(119_000);
    await runner.tick();
    expect(calls).toBe(2);
    clock.advance(2_000);
    await runner.tick();
    expect(calls).toBe(3);

    const [row] = await t.database.db
      .select()
      .from(jobSchedules)
      .where(eq(jobSchedules.name, 'test.flaky'));
    expect(row).toMatchObject({
      consecutive_failures: 0,
      total_failures: 2,
      total_runs: 3,
      last_error: 'Mailbox unreachable (try 2)',
      locked_until: null,
    });
    expect(row?.last_success_at).toBe(new Date(clock.now()).toISOString());
    // Back on its interval after the success.
    expect(new Date(row?.next_run_at ?? 0).getTime()).toBe(clock.now() + 3600_000);
  });

  it('never runs the same job on two runners at once', async () => {
    const clock = fakeClock();
    let running = 0;
    let most = 0;
    let runs = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = defineJob({
      name: 'test.slow',
      intervalSeconds: 60,
      async handler() {
        running++;
        runs++;
        most = Math.max(most, running);
        await gate;
        running--;
      },
    });
    const first = createJobRunner({ db: t.database.db, log: t.app.log, now: clock.now });
    const second = createJobRunner({ db: t.database.db, log: t.app.log, now: clock.now });
    first.declare(slow);
    second.declare(slow);
    await Promise.all([first.tick(), second.tick()]);
    clock.advance(60_000);

    const both = Promise.all([first.tick(), second.tick(), first.tick(), second.tick()]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await both;
    expect(runs).toBe(1);
    expect(most).toBe(1);

    // The admin view shows it ran once, and the next run one interval later.
    const seen = (await overview(admin)).body.data.schedules.find(
      (job) => job.name === 'test.slow',
    );
    expect(seen).toMatchObject({ total_runs: 1, total_failures: 0, running: false });
  });

  it('runs an enqueued job once across runners, retries it, and keeps its failure', async () => {
    const clock = fakeClock();
    const seenPayloads: number[] = [];
    const send = defineJob<{ invoice: number }>({
      name: 'test.send_invoice',
      retries: 1,
      backoffSeconds: 10,
      async handler({ payload, attempt }) {
        seenPayloads.push(payload.invoice);
        throw new Error(`Gateway timeout (attempt ${attempt})`);
      },
    });
    const first = createJobRunner({ db: t.database.db, log: t.app.log, now: clock.now });
    const second = createJobRunner({ db: t.database.db, log: t.app.log, now: clock.now });
    first.declare(send);
    second.declare(send);
    const [company] = (
      await t.call<{ data: { results: { company_id: number }[] } }>(
        'GET',
        '/api/stores?perPage=1',
        {
          token: agent,
        },
      )
    ).body.data.results;
    const id = await first.enqueue(send, { invoice: 42 }, { companyId: company?.company_id });

    await Promise.all([first.tick(), second.tick()]);
    expect(seenPayloads).toEqual([42]);
    let [row] = await t.database.db.select().from(jobQueue).where(eq(jobQueue.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });

    clock.advance(11_000);
    await Promise.all([first.tick(), second.tick()]);
    expect(seenPayloads).toEqual([42, 42]);
    [row] = await t.database.db.select().from(jobQueue).where(eq(jobQueue.id, id));
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 2,
      max_attempts: 2,
      last_error: 'Gateway timeout (attempt 2)',
    });
    clock.advance(3600_000);
    await first.tick();
    expect(seenPayloads).toHaveLength(2);

    // The company's admin sees its failed job; the super admin sees every one.
    const mine = await overview(agent);
    expect(mine.status).toBe(200);
    expect(mine.body.data.queue.find((job) => job.id === id)).toMatchObject({
      name: 'test.send_invoice',
      status: 'failed',
      last_error: 'Gateway timeout (attempt 2)',
    });
    expect((await overview(admin)).body.data.queue.some((job) => job.id === id)).toBe(true);
  });

  it('GET /jobs needs the permission', async () => {
    const refused = await overview(employee);
    expect(refused.status).toBe(403);
    const auto = (await overview(admin)).body.data.schedules.find(
      (job) => job.name === 'hr.auto_clockout',
    );
    // The auto clock-out is declared by the HR module on the app's own runner.
    expect(auto).toMatchObject({ interval_seconds: 60 });
  });
});
