import { isRecord } from '../../platform/is-record.ts';

/**
 * Where to go after sign-in: the guard sends a signed-out visitor to /login carrying the page they
 * asked for (SPEC.md section 2); the login screen returns there.
 */
export interface ReturnToState {
  from: { pathname: string; search: string; hash: string };
}

export function returnToState(location: ReturnToState['from']): ReturnToState {
  const { pathname, search, hash } = location;
  return { from: { pathname, search, hash } };
}

/** The path to return to, only ever a path on this site; `/` when none was carried. */
export function returnPathFrom(state: unknown): string {
  const from = isRecord(state) ? state.from : undefined;
  if (!isRecord(from) || typeof from.pathname !== 'string') return '/';
  if (!from.pathname.startsWith('/') || from.pathname.startsWith('//')) return '/';
  const search = typeof from.search === 'string' ? from.search : '';
  const hash = typeof from.hash === 'string' ? from.hash : '';
  return `${from.pathname}${search}${hash}`;
}
