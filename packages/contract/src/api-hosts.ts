/**
 * The web app maps the host it is served from to an API base (SPEC.md section 1). The map is
 * runtime configuration: the server hands it to the page in /config.json, so no rebuild is needed.
 */
export interface ApiHostMap {
  /** host name (without port) -> API base URL */
  hosts: Record<string, string>;
  /** API base for any host not in the map */
  fallback: string;
}

/** Local hosts always reach the API served beside the page. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
export const LOCAL_API_BASE = '/api';

export function resolveApiBase(hostname: string, map: ApiHostMap): string {
  if (LOCAL_HOSTS.has(hostname)) return LOCAL_API_BASE;
  return map.hosts[hostname] ?? map.fallback;
}

/** Parses `API_HOSTS`: comma-separated `host=url` pairs; `*=url` sets the fallback. */
export function parseApiHosts(value: string): ApiHostMap {
  const map: ApiHostMap = { hosts: {}, fallback: LOCAL_API_BASE };
  for (const pair of value.split(',').map((part) => part.trim())) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    if (eq <= 0 || eq === pair.length - 1) {
      throw new Error(`expected host=url pairs, got "${pair}"`);
    }
    const host = pair.slice(0, eq).trim().toLowerCase();
    const url = pair.slice(eq + 1).trim();
    if (!/^(https?:\/\/[^\s]+|\/[^\s]*)$/.test(url)) {
      throw new Error(`"${url}" is not an http(s) URL or absolute path`);
    }
    if (host === '*') map.fallback = url;
    else map.hosts[host] = url;
  }
  return map;
}
