import { lazy, Suspense } from 'react';
import { useToasts } from './toasts.ts';

// The snackbar and its alert (MUI Snackbar, Grow, ClickAwayListener) load with the first toast,
// not with the entry every page waits for.
const ToastSnackbar = lazy(async () => ({
  default: (await import('./ToastSnackbar.tsx')).ToastSnackbar,
}));

/** Shows queued toasts one after another, each for TOAST_DURATION_MS unless closed sooner. */
export function Toaster() {
  const toast = useToasts((state) => state.queue[0]);
  const dismiss = useToasts((state) => state.dismiss);
  if (!toast) return null;
  return (
    <Suspense fallback={null}>
      <ToastSnackbar key={toast.id} toast={toast} onClose={() => dismiss(toast.id)} />
    </Suspense>
  );
}
