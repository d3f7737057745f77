import type { SessionUser } from '@portal/contract/auth';
import { storageKeys } from '@portal/contract/storage-keys';
import { useQuery } from '@tanstack/react-query';
import { readStoredJson, writeStoredJson } from '../../platform/storage.ts';
import { fetchMe, isSessionUser, meQueryKey } from './me.ts';

function storedUser(): SessionUser | undefined {
  const stored = readStoredJson(storageKeys.user);
  return isSessionUser(stored) ? stored : undefined;
}

/**
 * The signed-in user: drawn at once from storage, then checked with the server on every page load
 * (an ended session answers 460, which takes the browser to /login) and stored again.
 */
export function useSessionUser() {
  return useQuery({
    queryKey: meQueryKey,
    queryFn: async ({ signal }) => {
      const user = await fetchMe(signal);
      writeStoredJson(storageKeys.user, user);
      return user;
    },
    initialData: storedUser,
    // The stored copy counts as old, so the server is asked on mount.
    initialDataUpdatedAt: 0,
  });
}
