import { LOCAL_API_BASE, resolveApiBase, type ApiHostMap } from '@portal/contract/api-hosts';
import type { FieldErrors, Reply } from '@portal/contract/envelope';
import { storageKeys } from '@portal/contract/storage-keys';
import { isRecord } from './is-record.ts';
import { clearStorage, readStored } from './storage.ts';

/** The message shown when the server gives none (SPEC.md section 8). */
export const FALLBACK_ERROR_MESSAGE = 'Network Error!';
/** The portal's own status for a missing, expired or revoked session (SPEC.md section 8). */
export const SESSION_EXPIRED_STATUS = 460;
export const LOGIN_PATH = '/login';

/** A failed call: HTTP status (0 when the server was not reached), message and per-field errors. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: FieldErrors = {},
    /** The parsed reply body, for callers that read more than the message (login's `reason`). */
    readonly body: unknown = null,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** Anything that turns unknown data into a T, such as a zod schema. */
export interface Parser<T> {
  parse(input: unknown): T;
}
/** For replies whose data the caller does not use. */
export const ignoreData: Parser<null> = { parse: () => null };

/**
 * A parser whose code is fetched on first use: the signed-in frame's replies are checked with
 * contract schemas, and zod is loaded beside the request instead of with the frame's JavaScript.
 */
export interface DeferredParser<T> {
  load(): Promise<Parser<T>>;
}

export function deferredParser<T>(load: () => Promise<Parser<T>>): DeferredParser<T> {
  let loaded: Promise<Parser<T>> | undefined;
  return {
    load: () =>
      (loaded ??= load().catch((error: unknown) => {
        // A chunk that did not arrive (network, new deployment) is asked for again next time.
        loaded = undefined;
        throw new ApiError(0, FALLBACK_ERROR_MESSAGE, {}, null, { cause: error });
      })),
  };
}

type AnyParser<T> = Parser<T> | DeferredParser<T>;
const readyParser = <T>(parser: AnyParser<T>): Parser<T> | Promise<Parser<T>> =>
  'parse' in parser ? parser : parser.load();

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Query parameters; null and undefined are left out. `filter[field]` keys pass through as is. */
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** When false a 460 only throws; the session is not ended (logout ends it itself). */
  endSessionOnExpiry?: boolean;
}

// ---- API base: the host map comes from /config.json once per page load (SPEC.md section 1).

let apiBase: Promise<string> | undefined;

function isHostMap(value: unknown): value is ApiHostMap {
  return (
    isRecord(value) &&
    typeof value.fallback === 'string' &&
    isRecord(value.hosts) &&
    Object.values(value.hosts).every((url) => typeof url === 'string')
  );
}

async function fetchHostMap(): Promise<ApiHostMap> {
  const response = await fetch('/config.json', { headers: { Accept: 'application/json' } });
  const config: unknown = response.ok ? await response.json() : null;
  const map = isRecord(config) ? config.apiHosts : null;
  if (!isHostMap(map)) throw new Error('/config.json has no apiHosts map');
  return map;
}

/** The API's base URL for this host (no trailing slash); the live-event stream opens under it too. */
export function loadApiBase(): Promise<string> {
  apiBase ??= fetchHostMap()
    .catch((error: unknown) => {
      // Without the map every host talks to the API beside the page; try again on the next call.
      console.warn('Could not load /config.json; using the local API', error);
      apiBase = undefined;
      return { hosts: {}, fallback: LOCAL_API_BASE };
    })
    .then((map) => resolveApiBase(window.location.hostname, map).replace(/\/+$/, ''));
  return apiBase;
}

// ---- Requests

function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed;
  } catch {
    return null;
  }
}

function messageOf(body: unknown): string {
  return isRecord(body) && typeof body.message === 'string' && body.message.trim()
    ? body.message
    : FALLBACK_ERROR_MESSAGE;
}

function fieldErrorsOf(body: unknown): FieldErrors {
  const errors = isRecord(body) ? body.errors : undefined;
  if (!isRecord(errors)) return {};
  const result: FieldErrors = {};
  for (const [field, messages] of Object.entries(errors)) {
    if (Array.isArray(messages)) {
      result[field] = messages.filter((message): message is string => typeof message === 'string');
    }
  }
  return result;
}

/**
 * Ends the session in this browser (SPEC.md section 4: logout and a 460 clear all local storage and
 * go to /login). A full page load to /login also drops every in-memory trace of the signed-in user
 * (query cache, stores), so nothing of theirs is left for whoever signs in next.
 */
export function leaveSession(): void {
  clearStorage();
  if (window.location.pathname !== LOGIN_PATH) window.location.replace(LOGIN_PATH);
}

/**
 * One HTTP call to the API: resolves the base, sends `Accept` and the bearer token, and returns
 * the parsed body of a 2xx reply. Anything else throws an ApiError.
 */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<unknown> {
  const { method = 'GET', body, query, signal, endSessionOnExpiry = true } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = readStored(storageKeys.token);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const url = `${await loadApiBase()}${path}${buildQuery(query)}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, FALLBACK_ERROR_MESSAGE, {}, null, { cause: error });
  }

  const payload = await readBody(response);
  if (response.ok) {
    // The session this request was sent under ended (logout, idle time-out, lock) or was replaced
    // while it was in flight: its reply is dropped, so nothing writes the old user's data back.
    if (token && readStored(storageKeys.token) !== token)
      throw new ApiError(SESSION_EXPIRED_STATUS, FALLBACK_ERROR_MESSAGE, {}, null);
    return payload;
  }
  if (response.status === SESSION_EXPIRED_STATUS && endSessionOnExpiry) leaveSession();
  throw new ApiError(response.status, messageOf(payload), fieldErrorsOf(payload), payload);
}

/** A call answering the `{ success, message, data }` envelope; `data` goes through `parser`. */
export async function apiCall<T>(
  path: string,
  parser: AnyParser<T>,
  options: RequestOptions = {},
): Promise<Reply<T>> {
  const [payload, ready] = await Promise.all([apiFetch(path, options), readyParser(parser)]);
  if (!isRecord(payload) || typeof payload.success !== 'boolean') {
    throw new ApiError(200, FALLBACK_ERROR_MESSAGE, {}, payload);
  }
  if (!payload.success) {
    throw new ApiError(200, messageOf(payload), fieldErrorsOf(payload), payload);
  }
  const data = parseReply(path, ready, payload.data, payload);
  return {
    success: true,
    message: typeof payload.message === 'string' ? payload.message : '',
    data,
  };
}

/** Runs `parser` over (part of) a reply; a reply that breaks the contract becomes an ApiError. */
export function parseReply<T>(
  path: string,
  parser: Parser<T>,
  input: unknown,
  payload: unknown = input,
): T {
  try {
    return parser.parse(input);
  } catch (error) {
    console.error(`Unexpected reply from ${path}`, error);
    throw new ApiError(200, FALLBACK_ERROR_MESSAGE, {}, payload, { cause: error });
  }
}

type CallOptions = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, parser: AnyParser<T>, options?: CallOptions) =>
    apiCall(path, parser, options),
  post: <T>(path: string, body: unknown, parser: AnyParser<T>, options?: CallOptions) =>
    apiCall(path, parser, { ...options, method: 'POST', body }),
  patch: <T>(path: string, body: unknown, parser: AnyParser<T>, options?: CallOptions) =>
    apiCall(path, parser, { ...options, method: 'PATCH', body }),
  put: <T>(path: string, body: unknown, parser: AnyParser<T>, options?: CallOptions) =>
    apiCall(path, parser, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, parser: AnyParser<T>, options?: CallOptions) =>
    apiCall(path, parser, { ...options, method: 'DELETE' }),
};
