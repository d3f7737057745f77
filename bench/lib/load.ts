import autocannon from 'autocannon';

export interface LoadOptions {
  seconds: number;
  connections: number;
  /** Unmeasured run first, so JIT and caches are warm. */
  warmupSeconds: number;
}

export interface Target {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  name: string;
  method: string;
  path: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyAvgMs: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Count per HTTP status, e.g. { "200": 5120 }. */
  statusCodes: Record<string, number>;
}

function run(target: Target, seconds: number, connections: number): Promise<autocannon.Result> {
  return autocannon({
    url: target.url,
    method: target.method,
    headers: { accept: 'application/json', ...target.headers },
    body: target.body,
    connections,
    duration: seconds,
  });
}

/** Runs autocannon against one target for a fixed duration and keeps the figures we report. */
export async function measure(target: Target, options: LoadOptions): Promise<LoadResult> {
  if (options.warmupSeconds > 0) await run(target, options.warmupSeconds, options.connections);
  const result = await run(target, options.seconds, options.connections);
  const statusCodes: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) {
    statusCodes[code] = stats.count ?? 0;
  }
  return {
    name: target.name,
    method: target.method,
    path: new URL(target.url).pathname + new URL(target.url).search,
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyAvgMs: result.latency.average,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
  };
}
