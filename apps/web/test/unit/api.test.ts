import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  api,
  ApiError,
  apiFetch,
  FALLBACK_ERROR_MESSAGE,
  ignoreData,
} from '../../src/platform/api.ts';

/** A page at `pathname` on localhost, with an in-memory localStorage. */
function stubPage(pathname = '/users', hostname = 'localhost') {
  const store = new Map<string, string>();
  const localStorage = {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
    clear: () => store.clear(),
  };
  const location = { hostname, pathname, replace: vi.fn() };
  vi.stubGlobal('window', { localStorage, location });
  return { store, location };
}

function stubFetch(status: number, body: unknown, hosts: Record<string, string> = {}) {
  const fetch = vi.fn(async (url: string, _init?: RequestInit) =>
    url === '/config.json'
      ? Response.json({ apiHosts: { hosts, fallback: '/api' } })
      : new Response(body === undefined ? null : JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const number = { parse: (input: unknown) => Number(input) };

describe('the API client', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends Accept and the stored bearer token, and returns the parsed envelope', async () => {
    const { store } = stubPage();
    store.set('authentication_token', 'token-123');
    const fetch = stubFetch(200, { success: true, message: 'ok', data: '7' });

    const reply = await api.get('/stores/count', number, {
      query: { 'filter[name]': 'Oak Park', page: undefined },
    });

    expect(reply).toEqual({ success: true, message: 'ok', data: 7 });
    const [url, init] = fetch.mock.calls.at(-1) ?? [];
    expect(url).toBe('/api/stores/count?filter%5Bname%5D=Oak+Park');
    expect(init).toMatchObject({
      method: 'GET',
      headers: { Accept: 'application/json', Authorization: 'Bearer token-123' },
    });
  });

  it('throws an ApiError with the server message and field errors', async () => {
    stubPage();
    stubFetch(400, {
      success: false,
      message: 'Invalid body: name',
      data: null,
      errors: { name: ['Required'] },
    });

    const error = await api.post('/stores', {}, ignoreData).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Invalid body: name',
      fieldErrors: { name: ['Required'] },
    });
  });

  it("falls back to 'Network Error!' when the server gives no message", async () => {
    stubPage();
    stubFetch(502, undefined);
    await expect(apiFetch('/health')).rejects.toMatchObject({
      status: 502,
      message: FALLBACK_ERROR_MESSAGE,
    });

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(apiFetch('/health')).rejects.toMatchObject({
      status: 0,
      message: FALLBACK_ERROR_MESSAGE,
    });
  });

  it('treats a reply that breaks the contract as a failure', async () => {
    stubPage();
    stubFetch(200, { success: true, message: '', data: 'seven' });
    const strictNumber = {
      parse: (input: unknown) => {
        if (typeof input !== 'number') throw new Error('not a number');
        return input;
      },
    };
    await expect(api.get('/x', strictNumber)).rejects.toMatchObject({
      message: FALLBACK_ERROR_MESSAGE,
    });
  });

  it('on 460 clears all local storage and goes to /login', async () => {
    const { store, location } = stubPage('/users');
    store.set('authentication_token', 'gone');
    store.set('user_id', '2');
    stubFetch(460, {
      success: false,
      message: 'Your session has expired. Please sign in again.',
      data: null,
    });

    await expect(api.get('/auth/me', ignoreData)).rejects.toMatchObject({ status: 460 });

    expect(store.size).toBe(0);
    expect(location.replace).toHaveBeenCalledWith('/login');
  });

  it('leaves the session alone on 460 when the caller ends it itself', async () => {
    const { store, location } = stubPage('/users');
    store.set('authentication_token', 'gone');
    stubFetch(460, { success: false, message: 'expired', data: null });

    await expect(
      api.post('/auth/logout', undefined, ignoreData, { endSessionOnExpiry: false }),
    ).rejects.toMatchObject({
      status: 460,
    });
    expect(store.get('authentication_token')).toBe('gone');
    expect(location.replace).not.toHaveBeenCalled();
  });

  it("resolves a deployment host's API base once, from /config.json", async () => {
    vi.resetModules();
    const fresh = await import('../../src/platform/api.ts');
    stubPage('/', 'portal.example.com');
    const fetch = stubFetch(
      200,
      { success: true, message: '', data: null },
      {
        'portal.example.com': 'https://api.example.com/api/',
      },
    );

    await fresh.api.get('/health', ignoreData);
    await fresh.api.get('/health', ignoreData);

    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/config.json',
      'https://api.example.com/api/health',
      'https://api.example.com/api/health',
    ]);
  });
});
