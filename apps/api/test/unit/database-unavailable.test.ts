import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE, installErrorHandler } from '../../src/platform/error-handler.ts';

/** How node-postgres and drizzle report a database that went away (shapes copied from their errors). */
const failures: Record<string, () => Error> = {
  'connection refused (server down or restarting)': () =>
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
      errno: -111,
    }),
  'admin_shutdown 57P01 (pg_terminate_backend, a restart)': () =>
    Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
      severity: 'FATAL',
    }),
  'cannot_connect_now 57P03 (starting up)': () =>
    Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
  'connection terminated (link cut mid-query)': () =>
    new Error('Connection terminated unexpectedly'),
  'no pooled connection within the connection timeout': () =>
    new Error('timeout exceeded when trying to connect'),
  'a client whose link failed': () =>
    new Error('Client has encountered a connection error and is not queryable'),
  'a connection reset wrapped by drizzle': () =>
    new Error('Failed query: select 1\nparams: ', {
      cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
    }),
  'a terminated connection wrapped by drizzle': () =>
    new Error('Failed query: insert into "x"', {
      cause: Object.assign(new Error('terminating connection due to administrator command'), {
        code: '57P01',
      }),
    }),
};

async function answer(error: Error) {
  const app = Fastify({ logger: false });
  installErrorHandler(app);
  app.get('/thing', async () => {
    throw error;
  });
  const response = await app.inject({ method: 'GET', url: '/thing' });
  await app.close();
  return response;
}

describe('a database that cannot be reached', () => {
  for (const [name, make] of Object.entries(failures)) {
    it(`answers 503 with a message and no detail: ${name}`, async () => {
      const response = await answer(make());
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({
        success: false,
        message: DATABASE_UNAVAILABLE,
        data: null,
      });
      expect(response.body).not.toMatch(/ECONN|57P0|terminat|stack|\bat /);
    });
  }

  it('leaves other failures as they were: a bad value is a 400, a bug a 500', async () => {
    const badValue = await answer(
      new Error('Failed query', { cause: Object.assign(new Error('x'), { code: '22P02' }) }),
    );
    expect(badValue.statusCode).toBe(400);
    const bug = await answer(new TypeError('cannot read properties of undefined'));
    expect(bug.statusCode).toBe(500);
    expect(bug.json().message).toBe('Server error');
  });
});
