import type { LoginResponse, SessionUser } from '@portal/contract/auth';
import type { Permission } from '@portal/contract/permissions';
import { storageKeys } from '@portal/contract/storage-keys';
import { create } from 'zustand';
import { isRecord } from '../../platform/is-record.ts';
import {
  readStored,
  readStoredJson,
  writeStored,
  writeStoredJson,
} from '../../platform/storage.ts';

/** A login reply that signed the user in (one without a user means a second factor is pending). */
export type SignedInResponse = LoginResponse & { user: SessionUser; token: string };

export function isSignedIn(response: LoginResponse): response is SignedInResponse {
  return response.success && response.user !== null && response.token !== null;
}

interface SessionState {
  /** The stored user_id: the authenticated area is mounted only while it is set (SPEC.md section 2). */
  userId: string | null;
  /** The company colour, applied as the theme's primary colour. */
  themeColor: string | null;
  /**
   * The Home Screen title from this page's sign-in: null when the company has none, undefined when
   * unknown (after a page load; no storage key keeps it).
   */
  homeScreen: string | null | undefined;
}

export const useSession = create<SessionState>()(() => ({
  userId: readStored(storageKeys.userId),
  themeColor: readStored(storageKeys.themeColor),
  homeScreen: undefined,
}));

/** Keeps what SPEC.md section 3 says the browser stores, then marks the session as started. */
export function startSession(response: SignedInResponse): void {
  const { user } = response;
  writeStored(storageKeys.token, response.token);
  writeStoredJson(storageKeys.user, user);
  writeStored(storageKeys.userId, user.id);
  writeStored(storageKeys.storeId, user.store?.id ?? user.current_store);
  writeStored(storageKeys.storeName, user.store?.name);
  writeStoredJson(storageKeys.permissions, user.permissions);
  writeStored(storageKeys.timezone, response.timezone);
  writeStored(storageKeys.logo, user.logo_url);
  writeStored(storageKeys.themeColor, response.theme_color);
  writeStored(storageKeys.isB2BUser, response.isB2BUser);
  writeStored(storageKeys.scheduleId, response.scheduleId);
  writeStored(storageKeys.clockIn, response.clock_in);
  writeStored(storageKeys.showAutoClockoutTimeCards, response.showAutoClockoutTimeCards);
  writeStored(storageKeys.breakPopUpShow, response.breakPopUpShow);
  writeStored(storageKeys.timeoutLimit, response.timeout_limit);
  useSession.setState({
    userId: String(user.id),
    themeColor: response.theme_color,
    homeScreen: response.HomeScreen,
  });
}

/** Whether the stored permissions grant a flag. The client only hides; the server enforces. */
export function hasPermission(permission: Permission): boolean {
  const granted = readStoredJson(storageKeys.permissions);
  return isRecord(granted) && permission in granted;
}
