import { sessionUserSchema } from '@portal/contract/auth';
import { storageKeys } from '@portal/contract/storage-keys';
import { z } from 'zod';
import { LOGIN_PATH } from '../../platform/api.ts';
import {
  clearStorage,
  readStored,
  readStoredJson,
  writeStored,
  writeStoredJson,
} from '../../platform/storage.ts';
import { logout } from './auth-api.ts';

/** What the lock screen shows of the user (SPEC.md section 3: email, profile_photo, name). */
export const lockedUserSchema = z.object({
  email: z.string(),
  profile_photo: z.string().nullable(),
  name: z.string(),
});
export type LockedUser = z.infer<typeof lockedUserSchema>;

export function readLockedUser(): LockedUser | null {
  const parsed = lockedUserSchema.safeParse(readStoredJson(storageKeys.lockedUser));
  return parsed.success ? parsed.data : null;
}

export const isLocked = () => readStored(storageKeys.locked) === 'true';

/** Ends the server session; the token is read before storage is cleared, so the call still has it. */
function endServerSession() {
  void logout().catch(() => undefined);
}

/**
 * Locks the screen (SPEC.md section 4): storage is cleared except locked_user and locked, which
 * sends this tab and every other one to /locked. The session itself ends on the server too, so the
 * token that was in storage is worthless afterwards.
 */
export function lockSession(): void {
  const user = sessionUserSchema.safeParse(readStoredJson(storageKeys.user));
  const lockedUser: LockedUser | null = user.success
    ? {
        email: user.data.email,
        profile_photo: user.data.profile_photo,
        name: `${user.data.first_name} ${user.data.last_name}`.trim(),
      }
    : readLockedUser();
  endServerSession();
  clearStorage();
  writeStoredJson(storageKeys.lockedUser, lockedUser);
  writeStored(storageKeys.locked, true);
}

/** Clears the lock after the password was accepted again. */
export function clearLock(): void {
  writeStored(storageKeys.lockedUser, null);
  writeStored(storageKeys.locked, null);
}

/** Idle time-out (SPEC.md section 4): logged out, to /login if a user_id was stored, else /. */
export function idleLogout(): void {
  const hadUser = readStored(storageKeys.userId) !== null;
  endServerSession();
  clearStorage();
  window.location.replace(hadUser ? LOGIN_PATH : '/');
}

/** A redirect_url is followed only when it is a path on this site. */
export function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return '/';
  return value.startsWith('/locked') ? '/' : value;
}
