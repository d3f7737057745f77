import { storageKeys } from '@portal/contract/storage-keys';
import { LOGIN_PATH } from '../../platform/api.ts';
import { isRecord } from '../../platform/is-record.ts';
import {
  clearStorage,
  readStored,
  readStoredJson,
  writeStored,
  writeStoredJson,
} from '../../platform/storage.ts';
import { isSessionUser, logout } from './me.ts';

/** What the lock screen shows of the user (SPEC.md section 3: email, profile_photo, name). */
export interface LockedUser {
  email: string;
  profile_photo: string | null;
  name: string;
}

/** Checked by hand: the idle ring loads this module with the frame, which carries no zod. */
function isLockedUser(value: unknown): value is LockedUser {
  return (
    isRecord(value) &&
    typeof value.email === 'string' &&
    (value.profile_photo === null || typeof value.profile_photo === 'string') &&
    typeof value.name === 'string'
  );
}

export function readLockedUser(): LockedUser | null {
  const stored = readStoredJson(storageKeys.lockedUser);
  return isLockedUser(stored) ? stored : null;
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
  const user = readStoredJson(storageKeys.user);
  const lockedUser: LockedUser | null = isSessionUser(user)
    ? {
        email: user.email,
        profile_photo: user.profile_photo,
        name: `${user.first_name} ${user.last_name}`.trim(),
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
