import pg from 'pg';

/** Where a dedicated LISTEN connection reports what happens to it. */
export interface ListenHandlers {
  onMessage(payload: string | undefined): void;
  /** The connection is listening (again). */
  onUp?(): void;
  /** The connection is lost; a new one is tried after a second. */
  onDown?(error: unknown): void;
}

export interface PgListener {
  /**
   * Resolves once every notification committed before the call has been handed to onMessage: a
   * trivial query on the listening connection. PostgreSQL signals listening backends before the
   * notifying commit returns, and a backend sends what it was signalled before the ReadyForQuery
   * that ends the query; node-postgres emits notifications as it reads them, before it settles the
   * query. Concurrent callers share one query (each joins the first one that starts after its call).
   * Rejects when the connection is down.
   */
  sync(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A connection of its own (the pool's settings, outside the pool) LISTENs on `channel`; if it
 * drops, a new one takes over after a second.
 */
export async function listenOnPool(
  pool: pg.Pool,
  channel: string,
  handlers: ListenHandlers,
): Promise<PgListener> {
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;
  const gone = new WeakSet<pg.Client>();

  const lost = (next: pg.Client, error: unknown) => {
    if (gone.has(next)) return; // its error event and a failed query report the same loss
    gone.add(next);
    if (client === next) client = null;
    void next.end().catch(() => undefined);
    if (stopped) return;
    handlers.onDown?.(error);
    retry = setTimeout(() => void connect(), 1000);
  };

  const connect = async () => {
    const next = new pg.Client(pool.options);
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload);
    });
    next.on('error', (error) => lost(next, error));
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
      if (stopped) {
        await next.end();
        return;
      }
      client = next;
      handlers.onUp?.();
    } catch (error) {
      lost(next, error);
    }
  };

  let current: Promise<void> | null = null;
  let following: Promise<void> | null = null;
  const startSync = (): Promise<void> => {
    const held = client;
    if (!held) return Promise.reject(new Error('not listening'));
    const run: Promise<void> = held.query('select 1').then(
      () => undefined,
      (error: unknown) => {
        lost(held, error);
        throw error;
      },
    );
    current = run;
    void run
      .catch(() => undefined)
      .finally(() => {
        if (current === run) current = null;
      });
    return run;
  };

  await connect();
  return {
    sync() {
      // One query at a time on the connection: a queued one starts after this call, so it serves.
      if (following) return following;
      if (!current) return startSync();
      // The query in flight may have started before this call: join the next one.
      following ??= current
        .catch(() => undefined)
        .then(() => {
          following = null;
          return startSync();
        });
      return following;
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const held = client;
      client = null;
      await held?.end().catch(() => undefined);
    },
  };
}
