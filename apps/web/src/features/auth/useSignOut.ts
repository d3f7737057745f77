import { useCallback } from 'react';
import { leaveSession } from '../../platform/api.ts';
import { logout } from './me.ts';

/** Logout: tells the server to end the session, then clears this browser and goes to /login. */
export function useSignOut(): () => Promise<void> {
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // Unreachable server or an already-ended session: the session still ends here.
    }
    leaveSession();
  }, []);
}
