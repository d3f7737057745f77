import { ApiError } from '../api.ts';
import { isRecord } from '../is-record.ts';

/** The message the server put in its reply, if it gave one. */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || !isRecord(error.body)) return null;
  const { message } = error.body;
  return typeof message === 'string' && message.trim() ? message : null;
}

/** SPEC.md section 8: a failure shows the server's message, else the resource's fallback. */
export function failureMessage(error: unknown, fallback: string): string {
  return serverMessage(error) ?? fallback;
}

/** A success shows the server's message, else the resource's own (`District added`). */
export function successMessage(reply: { message?: unknown }, fallback: string): string {
  return typeof reply.message === 'string' && reply.message.trim() ? reply.message : fallback;
}

/**
 * Where to go after a save (SPEC.md section 2): to `target` only when the reply reports success
 * and carries data with an id; otherwise nowhere (null), and the screen stays. A `:id` in the
 * target is the saved row's (a new sale goes on to its confirmation page).
 */
export function afterSaveTarget(reply: unknown, target: string | undefined): string | null {
  if (!target || !isRecord(reply) || reply.success !== true) return null;
  const { data } = reply;
  return isRecord(data) && typeof data.id === 'number'
    ? target.replace(':id', String(data.id))
    : null;
}

/** A conflict reply that says users still hold the role (SPEC.md section 4: user_exist_flag). */
export function isUserExistConflict(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    isRecord(error.body) &&
    isRecord(error.body.data) &&
    error.body.data.user_exist_flag === true
  );
}
