import {
  loginFailureSchema,
  loginResponseSchema,
  sessionUserSchema,
  type LoginRequest,
  type LoginResponse,
} from '@portal/contract/auth';
import { api, apiFetch, ApiError, ignoreData, parseReply } from '../../platform/api.ts';

/** POST /auth/login. Its reply carries the login fields at the top level, not under `data`. */
export async function login(request: LoginRequest): Promise<LoginResponse> {
  let payload: unknown;
  try {
    payload = await apiFetch('/auth/login', { method: 'POST', body: request });
  } catch (error) {
    // A refused sign-in: SPEC.md section 8 shows the returned reason.
    const failure = error instanceof ApiError ? loginFailureSchema.safeParse(error.body) : null;
    if (error instanceof ApiError && failure?.success) {
      throw new ApiError(error.status, failure.data.reason, error.fieldErrors, error.body);
    }
    throw error;
  }
  return parseReply('/auth/login', loginResponseSchema, payload);
}

/** POST /auth/logout; an already-ended session is not an error here. */
export async function logout(): Promise<void> {
  await api.post('/auth/logout', undefined, ignoreData, { endSessionOnExpiry: false });
}

export const meQueryKey = ['auth', 'me'] as const;

/** GET /auth/me: the signed-in user as the server sees it now. */
export async function fetchMe(signal?: AbortSignal) {
  const reply = await api.get('/auth/me', sessionUserSchema, { signal });
  return reply.data;
}
