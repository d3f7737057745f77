import pg from 'pg';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './platform/database.ts';
import { DEMO_PASSWORD, seedDemo } from './seed/demo.ts';

/** Starts the portal: config, database (migrated), demo seed, HTTP; stops gracefully on SIGTERM. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  // PostgreSQL can end a connection while a request holds it (a restart, pg_terminate_backend, a cut
  // link): its query fails and the request answers 503, but pg.Client also emits 'error', and a
  // checked-out client has no listener (pg-pool listens only while idle): the process would die.
  const pool: unknown = Reflect.get(database.db, '$client');
  if (pool instanceof pg.Pool) pool.on('connect', (client) => client.on('error', () => undefined));
  const app = await buildApp({ config, db: database.db });

  if (config.seedDemo && (await seedDemo(database.system))) app.log.info('seeded the demo tenant');

  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down: finishing in-flight requests');
      // close() stops accepting, waits for in-flight requests and runs every module's onClose
      // (listeners, jobs, which still use the database); the database closes after them.
      const force = setTimeout(() => process.exit(1), 15_000);
      force.unref();
      app
        .close()
        .then(() => database.close())
        .then(
          () => process.exit(0),
          (error: unknown) => {
            app.log.error({ err: error }, 'shutdown failed');
            process.exit(1);
          },
        );
    });
  }

  await app.listen({ port: config.PORT, host: config.HOST });
  const url = `http://localhost:${config.PORT}`;
  app.log.info(`Portal ready at ${url} (${database.kind})`);
  if (config.seedDemo) app.log.info(`Demo sign-in: agent@demo.example / ${DEMO_PASSWORD}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
