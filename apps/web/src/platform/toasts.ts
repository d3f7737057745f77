import { create } from 'zustand';

/** The three notification colours of SPEC.md section 2. */
export type ToastKind = 'success' | 'warning' | 'danger';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  title: string;
}

export const DEFAULT_TOAST_TITLE = 'Message';

interface ToastState {
  /** Waiting toasts; the first is on screen. */
  queue: Toast[];
  dismiss: (id: number) => void;
}

let nextId = 1;

export const useToasts = create<ToastState>()((set) => ({
  queue: [],
  dismiss: (id) => set((state) => ({ queue: state.queue.filter((toast) => toast.id !== id) })),
}));

function show(kind: ToastKind, message: string, title = DEFAULT_TOAST_TITLE): void {
  const toast: Toast = { id: nextId++, kind, message, title };
  useToasts.setState((state) => ({ queue: [...state.queue, toast] }));
}

// A toast that must outlive a page reload waits in sessionStorage (this tab only) until the next load.
const AFTER_RELOAD_KEY = 'toast_after_reload';

/** Callable from anywhere, inside React or not: `notify.success('Store created')`. */
export const notify = {
  success: (message: string, title?: string) => show('success', message, title),
  warning: (message: string, title?: string) => show('warning', message, title),
  danger: (message: string, title?: string) => show('danger', message, title),
  /** Shows a success toast after the reload the caller is about to do (SPEC.md: account update). */
  successAfterReload: (message: string) => sessionStorage.setItem(AFTER_RELOAD_KEY, message),
};

/** Shows the toast a previous page asked to show after its reload; called once at start. */
export function showToastSavedForReload(): void {
  const message = sessionStorage.getItem(AFTER_RELOAD_KEY);
  if (message === null) return;
  sessionStorage.removeItem(AFTER_RELOAD_KEY);
  show('success', message);
}
