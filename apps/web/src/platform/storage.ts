import type { StorageKey } from '@portal/contract/storage-keys';

/**
 * The browser storage the portal keeps (SPEC.md section 3). Keys are typed: only the contract's
 * storage keys can be read or written. Storage can be unavailable (private modes, quotas), so
 * every access degrades to "nothing stored" instead of throwing.
 */
export type StoredValue = string | number | boolean | null | undefined;

export function readStored(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Raised in this tab when it writes a key (the browser's `storage` event only reaches other tabs). */
const STORED_EVENT = 'portal:stored';

/** Writes a value as a string; null or undefined removes the key. */
export function writeStored(key: StorageKey, value: StoredValue): void {
  try {
    if (value === null || value === undefined) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, String(value));
  } catch {
    // Storage full or blocked: the session still works for this page's lifetime.
  }
  window.dispatchEvent(new CustomEvent(STORED_EVENT, { detail: key }));
}

/**
 * Calls `onChange` when `key` changes, in this tab or another; returns the unsubscribe function
 * (the shape useSyncExternalStore expects).
 */
export function subscribeStored(key: StorageKey, onChange: () => void): () => void {
  const fromOtherTab = (event: StorageEvent) => {
    if (event.key === key || event.key === null) onChange();
  };
  const fromThisTab = (event: Event) => {
    if (event instanceof CustomEvent && event.detail === key) onChange();
  };
  window.addEventListener('storage', fromOtherTab);
  window.addEventListener(STORED_EVENT, fromThisTab);
  return () => {
    window.removeEventListener('storage', fromOtherTab);
    window.removeEventListener(STORED_EVENT, fromThisTab);
  };
}

/** The parsed JSON under a key, or undefined when absent or not JSON. */
export function readStoredJson(key: StorageKey): unknown {
  const text = readStored(key);
  if (text === null) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed;
  } catch {
    return undefined;
  }
}

export function writeStoredJson(key: StorageKey, value: unknown): void {
  writeStored(key, value === undefined ? undefined : JSON.stringify(value));
}

/** Ends everything the browser kept: SPEC.md section 4 clears all local storage on logout and on 460. */
export function clearStorage(): void {
  try {
    window.localStorage.clear();
  } catch {
    // Nothing to clear.
  }
}
