/**
 * What the benchmarks that drive the API request by request (hr-clock, sales-ringup) share: one
 * JSON call with a bearer token, and the latency figures of a list of samples.
 */

export interface ApiReply {
  status: number;
  body: Record<string, unknown>;
}

/** One request to `${baseUrl}/api${path}`: the status and the JSON body (an object, else {}). */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<ApiReply> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const parsed: unknown = await response.json();
  return {
    status: response.status,
    body: typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {},
  };
}

export interface Figures {
  count: number;
  p50Ms: number;
  p99Ms: number;
  avgMs: number;
}

/** Rounds to two decimals. */
export const round = (value: number) => Math.round(value * 100) / 100;

/** Count, p50, p99 and mean of latency samples in ms (zeros for none). */
export function figures(samples: number[]): Figures {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const sum = sorted.reduce((total, value) => total + value, 0);
  return {
    count: sorted.length,
    p50Ms: round(at(0.5)),
    p99Ms: round(at(0.99)),
    avgMs: round(sorted.length ? sum / sorted.length : 0),
  };
}
