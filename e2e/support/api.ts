import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './session.ts';

/** A signed-in API client for test set-up: the same calls the app makes, with a bearer token. */
export interface ApiClient {
  get<T>(path: string): Promise<T>;
  send<T>(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T>;
}

export async function apiAs(request: APIRequestContext, email: string): Promise<ApiClient> {
  const login = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.ok(), `sign-in of ${email}`).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const check = async <T>(
    response: Awaited<ReturnType<APIRequestContext['get']>>,
    what: string,
  ) => {
    const body = (await response.json()) as { data: T; message: string };
    expect(response.ok(), `${what}: ${body.message}`).toBe(true);
    return body.data;
  };
  return {
    get: async <T>(path: string) => check<T>(await request.get(`/api${path}`, { headers }), path),
    send: async <T>(method: string, path: string, body?: unknown) =>
      check<T>(await request.fetch(`/api${path}`, { method, headers, data: body }), path),
  };
}
