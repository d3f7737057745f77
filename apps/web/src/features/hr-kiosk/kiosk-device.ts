/**
 * The tablet's kiosk credential. It is deliberately not one of the session's storage keys: the
 * kiosk is not signed in. Signing out on this browser clears all local storage (SPEC.md section
 * 4), which also forgets the credential: the device must then be enrolled again.
 */
const KEY = 'kiosk_device_token';

export function readDeviceToken(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function saveDeviceToken(token: string): void {
  try {
    window.localStorage.setItem(KEY, token);
  } catch {
    // Storage blocked: the kiosk cannot work on this browser; the kiosk page says it is not enrolled.
  }
}

export function forgetDeviceToken(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
