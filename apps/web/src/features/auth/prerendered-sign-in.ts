import { storageKeys } from '@portal/contract/storage-keys';
import { LOGIN_PATH } from '../../platform/api.ts';
import { readStored } from '../../platform/storage.ts';
import { useThemeMode } from '../../platform/theme.ts';
import { useSession } from './session.ts';

/**
 * The server sends /login with the sign-in form already in it (apps/web/prerender), drawn in the
 * first state of a new visitor: signed out, not locked, light theme. React takes that markup over
 * only when this visit starts in the same state; otherwise main.tsx draws the page anew.
 */
export function visitFitsPrerenderedSignIn(): boolean {
  const session = useSession.getState();
  return (
    window.location.pathname === LOGIN_PATH &&
    session.userId === null &&
    session.themeColor === null &&
    useThemeMode.getState().mode === 'light' &&
    readStored(storageKeys.locked) !== 'true'
  );
}

/**
 * What the visitor typed into the prerendered form before React took it over: the form starts with
 * it, so react-hook-form does not empty the fields as it binds them. Empty when prerendering (no
 * document) and on any later visit to the page, when no such field is in the document yet.
 */
export function typedBeforeHydration(): { email: string; password: string } {
  const typed = (id: string) => {
    if (typeof document === 'undefined') return '';
    const field = document.getElementById(id);
    return field instanceof HTMLInputElement ? field.value : '';
  };
  return { email: typed('login-email'), password: typed('login-password') };
}
